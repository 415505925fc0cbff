//===- StackPool.cpp - Fiber stacks carved from slabs ---------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "sched/StackPool.h"
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASPEN_ASAN_STACKS 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ASPEN_ASAN_STACKS 1
#endif
#ifdef ASPEN_ASAN_STACKS
#include <sanitizer/asan_interface.h>
#endif
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <new>
#include <sys/mman.h>
#include <unistd.h>

using namespace aspen::rt;

static size_t pageSize() {
  static size_t P = size_t(sysconf(_SC_PAGESIZE));
  return P;
}

StackPool::StackPool(size_t StackSize) {
  size_t P = pageSize();
  Size = (StackSize + P - 1) / P * P;
  Stride = Size + P;
  PerSlab = std::max<size_t>(1, (size_t(64) << 20) / Stride); // ~64 MiB slabs
  // Half of the mapping budget for guard pages, the rest for everything else
  // the program maps.
  size_t MaxMaps = 65530;
  std::ifstream F("/proc/sys/vm/max_map_count");
  F >> MaxMaps;
  GuardBudget = MaxMaps > 8192 ? (MaxMaps - 8192) / 2 : 0;
}

StackPool::~StackPool() {
  for (auto &[Base, Len] : Slabs)
    munmap(Base, Len);
}

void StackPool::grow() {
  size_t Len = PerSlab * Stride;
  void *Base = mmap(nullptr, Len, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Base == MAP_FAILED) {
    std::fprintf(stderr,
                 "aspen: error: cannot map %zu bytes of fiber stacks; "
                 "lower ASPEN_STACK_SIZE\n",
                 Len);
    std::abort();
  }
  Slabs.push_back({Base, Len});
  // A slab is guarded as a whole, while the mapping budget allows.
  bool Guard = Guarded + PerSlab <= GuardBudget;
  for (size_t I = PerSlab; I-- > 0;) {
    char *Low = static_cast<char *>(Base) + I * Stride; // guard or canary page
    void *Top = Low + Stride;                           // stacks grow down
    if (Guard && mprotect(Low, pageSize(), PROT_NONE) == 0)
      ++Guarded;
    Free.push_back(Top);
  }
}

boost::context::stack_context StackPool::allocate() {
  std::lock_guard<std::mutex> G(Lock);
  if (Free.empty())
    grow();
  boost::context::stack_context S;
  S.sp = Free.back();
  S.size = Size;
  Free.pop_back();
  return S;
}

void StackPool::deallocate(boost::context::stack_context &S) {
#ifdef ASPEN_ASAN_STACKS
  // A finished fiber's frames may still be poisoned; the next fiber on
  // this stack must not inherit that.
  ASAN_UNPOISON_MEMORY_REGION(static_cast<char *>(S.sp) - S.size, S.size);
#endif
  std::lock_guard<std::mutex> G(Lock);
  Free.push_back(S.sp);
}
