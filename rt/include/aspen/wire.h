//===- wire.h - Payloads as bytes, for edges between nodes ------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A payload crosses a node edge as (type index, bytes). Array payloads of
// arithmetic types are built in. For a user payload class aspenc generates a
// serialize/deserialize pair from the class's fields, as Clang sees them,
// and registers it before main(); a class may instead define both itself:
//
//   void serialize(aspen::wire::Writer &W) const;
//   static MyPayload *deserialize(aspen::wire::Reader &R);
//
// Every node runs the same executable, so registration order, and with it
// the type indices, are the same everywhere. Bytes are little-endian as the
// machines are (nodes of one job share an architecture).
//
// The Reader never trusts its input: every read is bounds-checked and a
// short or inconsistent buffer throws WireError, which the transport
// reports as a protocol error of the sending node.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_WIRE_H
#define ASPEN_WIRE_H

#include "aspen/runtime.h"
#include <array>
#include <cstring>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace aspen::wire {

class WireError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Appends to a growable byte buffer.
class Writer {
public:
  explicit Writer(std::vector<char> &Out) : Out(Out) {}

  void bytes(const void *P, size_t N) {
    size_t At = Out.size();
    Out.resize(At + N);
    if (N)
      std::memcpy(Out.data() + At, P, N);
  }
  template <typename T>
  std::enable_if_t<std::is_arithmetic_v<T> || std::is_enum_v<T>> put(T V) {
    bytes(&V, sizeof V);
  }
  void put(const std::string &S) {
    put(uint64_t(S.size()));
    bytes(S.data(), S.size());
  }
  template <typename T> void put(const std::vector<T> &V) {
    put(uint64_t(V.size()));
    if constexpr (std::is_arithmetic_v<T>)
      bytes(V.data(), V.size() * sizeof(T));
    else
      for (const T &E : V)
        put(E);
  }
  void put(const std::vector<bool> &V) { // bit-packed: a byte each
    put(uint64_t(V.size()));
    for (bool B : V)
      put(B);
  }
  template <typename T, size_t N> void put(const std::array<T, N> &A) {
    for (const T &E : A)
      put(E);
  }
  template <typename T, size_t N> void put(const T (&A)[N]) {
    for (const T &E : A)
      put(E);
  }
  template <typename A, typename B> void put(const std::pair<A, B> &P) {
    put(P.first);
    put(P.second);
  }
  template <typename T> void put(const std::optional<T> &O) {
    put(uint8_t(O.has_value()));
    if (O)
      put(*O);
  }
  // Other containers: a count, then the elements in iteration order.
  template <typename T, typename A> void put(const std::deque<T, A> &C) {
    range(C);
  }
  template <typename T, typename A> void put(const std::list<T, A> &C) {
    range(C);
  }
  template <typename... Ts> void put(const std::map<Ts...> &C) { range(C); }
  template <typename... Ts> void put(const std::multimap<Ts...> &C) {
    range(C);
  }
  template <typename... Ts> void put(const std::unordered_map<Ts...> &C) {
    range(C);
  }
  template <typename... Ts> void put(const std::unordered_multimap<Ts...> &C) {
    range(C);
  }
  template <typename... Ts> void put(const std::set<Ts...> &C) { range(C); }
  template <typename... Ts> void put(const std::multiset<Ts...> &C) {
    range(C);
  }
  template <typename... Ts> void put(const std::unordered_set<Ts...> &C) {
    range(C);
  }
  template <typename... Ts> void put(const std::unordered_multiset<Ts...> &C) {
    range(C);
  }
  size_t size() const { return Out.size(); }

private:
  template <typename C> void range(const C &Elems) {
    put(uint64_t(Elems.size()));
    for (const auto &E : Elems)
      put(E);
  }
  std::vector<char> &Out;
};

/// Reads what a Writer wrote, bounds-checked.
class Reader {
public:
  Reader(const char *P, size_t N) : P(P), End(P + N) {}

  void bytes(void *D, size_t N) {
    if (size_t(End - P) < N)
      throw WireError("payload bytes end early");
    if (N)
      std::memcpy(D, P, N);
    P += N;
  }
  template <typename T>
  std::enable_if_t<std::is_arithmetic_v<T> || std::is_enum_v<T>> get(T &V) {
    bytes(&V, sizeof V);
  }
  void get(std::string &S) {
    uint64_t N = count(1);
    S.assign(P, size_t(N));
    P += N;
  }
  template <typename T> void get(std::vector<T> &V) {
    uint64_t N = count(std::is_arithmetic_v<T> ? sizeof(T) : 1);
    V.resize(size_t(N));
    if constexpr (std::is_arithmetic_v<T>)
      bytes(V.data(), size_t(N) * sizeof(T));
    else
      for (T &E : V)
        get(E);
  }
  void get(bool &B) { // any other byte would be a bool of no value
    uint8_t V;
    get(V);
    if (V > 1)
      throw WireError("a bad bool " + std::to_string(V));
    B = V;
  }
  void get(std::vector<bool> &V) {
    uint64_t N = count(1);
    V.assign(size_t(N), false);
    for (size_t I = 0; I < N; ++I) {
      bool B;
      get(B);
      V[I] = B;
    }
  }
  template <typename T, size_t N> void get(std::array<T, N> &A) {
    for (T &E : A)
      get(E);
  }
  template <typename T, size_t N> void get(T (&A)[N]) {
    for (T &E : A)
      get(E);
  }
  template <typename A, typename B> void get(std::pair<A, B> &Pr) {
    get(Pr.first);
    get(Pr.second);
  }
  template <typename T> void get(std::optional<T> &O) {
    uint8_t Has;
    get(Has);
    if (Has > 1)
      throw WireError("a bad optional marker " + std::to_string(Has));
    O.reset();
    if (Has)
      get(O.emplace());
  }
  template <typename T, typename A> void get(std::deque<T, A> &C) {
    sequence(C);
  }
  template <typename T, typename A> void get(std::list<T, A> &C) {
    sequence(C);
  }
  template <typename... Ts> void get(std::map<Ts...> &C) { keyed(C); }
  template <typename... Ts> void get(std::multimap<Ts...> &C) { keyed(C); }
  template <typename... Ts> void get(std::unordered_map<Ts...> &C) { keyed(C); }
  template <typename... Ts> void get(std::unordered_multimap<Ts...> &C) {
    keyed(C);
  }
  template <typename... Ts> void get(std::set<Ts...> &C) { keyed(C); }
  template <typename... Ts> void get(std::multiset<Ts...> &C) { keyed(C); }
  template <typename... Ts> void get(std::unordered_set<Ts...> &C) { keyed(C); }
  template <typename... Ts> void get(std::unordered_multiset<Ts...> &C) {
    keyed(C);
  }
  size_t remaining() const { return size_t(End - P); }

private:
  template <typename C> void sequence(C &Elems) {
    uint64_t N = count(1);
    Elems.clear();
    for (uint64_t K = 0; K < N; ++K)
      get(Elems.emplace_back());
  }
  /// Maps and sets, filled in the order written: with the end as the hint,
  /// an ordered container appends in constant time, and equal keys of a
  /// multimap keep their order.
  template <typename C> void keyed(C &Elems) {
    uint64_t N = count(1);
    Elems.clear();
    if constexpr (std::is_same_v<typename C::key_type,
                                 typename C::value_type>) {
      for (uint64_t K = 0; K < N; ++K) {
        typename C::key_type Key{};
        get(Key);
        Elems.emplace_hint(Elems.end(), std::move(Key));
      }
    } else {
      for (uint64_t K = 0; K < N; ++K) {
        typename C::key_type Key{};
        typename C::mapped_type Value{};
        get(Key);
        get(Value);
        Elems.emplace_hint(Elems.end(), std::move(Key), std::move(Value));
      }
    }
  }
  /// A length prefix, checked against what is left (each element takes at
  /// least MinBytes), so a corrupt length cannot make us allocate.
  uint64_t count(size_t MinBytes) {
    uint64_t N;
    get(N);
    if (N > remaining() / MinBytes)
      throw WireError("payload length " + std::to_string(N) +
                      " exceeds the bytes that follow");
    return N;
  }
  const char *P, *End;
};

using SerializeFn = void (*)(const Payload &, Writer &);
using DeserializeFn = Payload *(*)(Reader &);

/// Registers how payloads of dynamic type `Ty` cross nodes. Called before
/// main() by code aspenc generates; later registrations of a type win.
void registerType(const std::type_info &Ty, SerializeFn S, DeserializeFn D);

/// Registers ArrayPayload<T> for an element type the runtime does not
/// register itself (long double, char16_t, a plain class of numbers): its
/// elements cross as their bytes, like those of ArrayPayload<double>.
/// Called before main() by code aspenc generates, which checks that T's
/// bytes are its value.
void registerArrayType(const std::type_info &Ty, size_t ElemSize,
                       Payload *(*NewArray)(size_t Count));
template <typename T> void registerArray() {
  static_assert(std::is_trivially_copyable_v<T>,
                "array elements cross nodes as their bytes");
  registerArrayType(typeid(ArrayPayload<T>), sizeof(T),
                    [](size_t N) -> Payload * {
                      return new ArrayPayload<T>(N, uninitialized);
                    });
}

/// A class that defines serialize/deserialize itself.
template <typename T, typename = void> struct HasOwnWire : std::false_type {};
template <typename T>
struct HasOwnWire<
    T, std::void_t<decltype(std::declval<const T &>().serialize(
                       std::declval<Writer &>())),
                   decltype(T::deserialize(std::declval<Reader &>()))>>
    : std::true_type {};

template <typename T> void ownSerialize(const Payload &P, Writer &W) {
  static_cast<const T &>(P).serialize(W);
}
template <typename T> Payload *ownDeserialize(Reader &R) {
  return T::deserialize(R);
}

} // namespace aspen::wire

#endif // ASPEN_WIRE_H
