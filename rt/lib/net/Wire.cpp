//===- Wire.cpp - The payload type registry -------------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/stdlib.h"
#include "net/WireRegistry.h"
#include "support/Support.h"
#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <string>
#include <sys/types.h>
#include <typeindex>
#include <unordered_map>

using namespace aspen;
using namespace aspen::wire;

// The key functions of Payload, here with the registry of payload types,
// so the type's vtable comes with it.
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
    // Arrays of the element types aspenc does not register itself.
#define ASPEN_WIRE_ELEMENT(Type, ClangKind) addArray<Type>();
#include "aspen/abi/wire_elements.def"
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
