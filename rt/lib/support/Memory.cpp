//===- Memory.cpp - How freed memory is kept ------------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "support/Memory.h"
#include <cstdlib>
#include <string>
#include <sys/types.h>

// jemalloc (linked into every program aspenc builds) reads this. Blocks of
// 256 KiB and more (large payloads) come from an arena of their own, whose
// freed memory keepLargeBlocks() makes it keep for reuse instead of handing
// it back to the kernel and faulting it in again, which costs more than the
// copies themselves (bench/dist/bandwidth: 16 MiB messages go from ~1.1 to
// ~2.7 GiB/s). Everything else is returned after a few seconds unused, as
// jemalloc does by default: kept for ever, it made a network whose box
// emits 1000 records per input hold 1.1 GB resident for a live heap of
// 40 MB (now 0.27 GB). MALLOC_CONF in the environment overrides this.
extern "C" {
__attribute__((used)) const char *malloc_conf =
    "oversize_threshold:262144,dirty_decay_ms:5000,muzzy_decay_ms:0";
// jemalloc's control interface, when jemalloc is there (weak: the unit
// tests link the runtime without it).
int mallctl(const char *Name, void *Old, size_t *OldLen, void *New,
            size_t NewLen) __attribute__((weak));
}

void aspen::rt::keepLargeBlocks() {
  if (!mallctl)
    return;
  // The large blocks' arena is the one a block of that size comes from.
  void *Probe = std::malloc(size_t(1) << 20);
  unsigned Arena = 0;
  size_t Len = sizeof Arena;
  bool Found = Probe && mallctl("arenas.lookup", &Arena, &Len, &Probe,
                                sizeof Probe) == 0;
  std::free(Probe);
  if (!Found)
    return;
  ssize_t Never = -1;
  for (const char *What : {"dirty_decay_ms", "muzzy_decay_ms"}) {
    std::string Name =
        "arena." + std::to_string(Arena) + "." + std::string(What);
    mallctl(Name.c_str(), nullptr, nullptr, &Never, sizeof Never);
  }
}
