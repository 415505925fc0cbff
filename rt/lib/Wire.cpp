//===- Wire.cpp - The payload type registry -------------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Demangle.h"
#include "WireRegistry.h"
#include "aspen/stdlib.h"
#include <cstdlib>
#include <cxxabi.h>
#include <string>
#include <sys/types.h>
#include <memory>
#include <typeindex>
#include <unordered_map>

using namespace aspen;
using namespace aspen::wire;

// The key function of Payload, here with the rest of what every payload
// needs, so the type's vtable comes with the wire registry.
std::string aspen::rt::demangle(const char *Name) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Name, nullptr, nullptr, &Status);
  std::string S = Status == 0 && D ? D : Name;
  std::free(D);
  return S;
}

Payload *Payload::clone() const {
  throw PayloadTypeError(
      "a payload of type '" + rt::demangle(typeid(*this).name()) +
      "' cannot be copied for a collective with several receivers; derive "
      "it from aspen::CloneablePayload or override clone()");
}

uint64_t Payload::key() const {
  throw PayloadTypeError(
      "a payload of type '" + rt::demangle(typeid(*this).name()) +
      "' has no key to distribute by; send an aspen::StringPayload or "
      "override 'uint64_t key() const'");
}

uint64_t StringPayload::key() const {
  // FNV-1a: stable across processes and runs, unlike std::hash, so nodes
  // agree on where a key goes.
  uint64_t H = 14695981039346656037ull;
  for (unsigned char C : S)
    H = (H ^ C) * 1099511628211ull;
  return H;
}

namespace {
struct Registry {
  std::vector<TypeEntry> Entries;
  std::unordered_map<std::type_index, uint32_t> Index;

  Registry() {
    addArray<char>();
    addArray<signed char>();
    addArray<unsigned char>();
    addArray<short>();
    addArray<unsigned short>();
    addArray<int>();
    addArray<unsigned>();
    addArray<long>();
    addArray<unsigned long>();
    addArray<long long>();
    addArray<unsigned long long>();
    addArray<float>();
    addArray<double>();
    // The standard library's text payload crosses nodes too.
    TypeEntry E;
    E.Ty = &typeid(StringPayload);
    E.Ser = [](const Payload &P, wire::Writer &W) {
      W.put(static_cast<const StringPayload &>(P).str());
    };
    E.De = [](wire::Reader &R) -> Payload * {
      // A short or bad frame throws: the payload must not leak then.
      auto P = std::make_unique<StringPayload>();
      R.get(P->str());
      return P.release();
    };
    add(E);
    // And the standard library's own payloads: a Timer's ticks, and the
    // requests and responses of TcpListen and TcpReply (which run on one
    // node, the connections' own, but the modules between them need not).
    E = TypeEntry();
    E.Ty = &typeid(Tick);
    E.Ser = [](const Payload &P, wire::Writer &W) {
      W.put(static_cast<const Tick &>(P).number);
    };
    E.De = [](wire::Reader &R) -> Payload * {
      long N;
      R.get(N);
      return new Tick(N);
    };
    add(E);
    E = TypeEntry();
    E.Ty = &typeid(net::Request);
    E.Ser = [](const Payload &P, wire::Writer &W) {
      const auto &Q = static_cast<const net::Request &>(P);
      W.put(Q.connection);
      W.put(Q.str());
    };
    E.De = [](wire::Reader &R) -> Payload * {
      auto Q = std::make_unique<net::Request>();
      R.get(Q->connection);
      R.get(Q->str());
      return Q.release();
    };
    add(E);
    E = TypeEntry();
    E.Ty = &typeid(net::Response);
    E.Ser = [](const Payload &P, wire::Writer &W) {
      const auto &A = static_cast<const net::Response &>(P);
      W.put(A.connection);
      W.put(A.close);
      W.put(A.str());
    };
    E.De = [](wire::Reader &R) -> Payload * {
      auto A = std::make_unique<net::Response>();
      R.get(A->connection);
      R.get(A->close);
      R.get(A->str());
      return A.release();
    };
    add(E);
  }

  template <typename T> void addArray() {
    TypeEntry E;
    E.Ty = &typeid(ArrayPayload<T>);
    E.ElemSize = sizeof(T);
    // Filled by the transport: no point zeroing it first.
    E.NewArray = [](size_t N) -> Payload * {
      return new ArrayPayload<T>(N, uninitialized);
    };
    add(E);
  }

  void add(const TypeEntry &E) {
    auto [It, New] = Index.emplace(std::type_index(*E.Ty), Entries.size());
    if (New)
      Entries.push_back(E);
    else
      Entries[It->second] = E;
  }
};

Registry &registry() {
  static Registry R; // built on first use, before or during static init
  return R;
}
} // namespace

void aspen::wire::registerType(const std::type_info &Ty, SerializeFn S,
                               DeserializeFn D) {
  TypeEntry E;
  E.Ty = &Ty;
  E.Ser = S;
  E.De = D;
  registry().add(E);
}

void aspen::wire::registerArrayType(const std::type_info &Ty, size_t ElemSize,
                                    Payload *(*NewArray)(size_t)) {
  TypeEntry E;
  E.Ty = &Ty;
  E.ElemSize = ElemSize;
  E.NewArray = NewArray;
  registry().add(E);
}

const TypeEntry *aspen::wire::lookup(const Payload &P, uint32_t &Index) {
  Registry &R = registry();
  auto It = R.Index.find(std::type_index(typeid(P)));
  if (It == R.Index.end())
    return nullptr;
  Index = It->second;
  return &R.Entries[It->second];
}

const TypeEntry *aspen::wire::entry(uint32_t Index) {
  Registry &R = registry();
  return Index < R.Entries.size() ? &R.Entries[Index] : nullptr;
}

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
  bool Found =
      Probe && mallctl("arenas.lookup", &Arena, &Len, &Probe, sizeof Probe) == 0;
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
