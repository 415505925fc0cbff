//===- module.h - What generated action modules are built on ----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Included only by the C++ aspenc generates (and by the runtime): the base
// class every generated action module derives from, which gives `send` and
// `dequeue` their calls, and the helpers the generated factories,
// constructors and reduce operations use. Programs never name these:
// aspenc reports errors in them at the program's own line, in the
// program's own words.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_GEN_MODULE_H
#define ASPEN_GEN_MODULE_H

#include "aspen/runtime.h"
#include <limits>
#include <type_traits>
#include <typeinfo>
#include <utility>

namespace aspen::gen {

/// Base of every generated action module class. Ports are numbered in
/// declaration order with the default queue first.
class Module : public ModuleBase {
public:
  /// `send e;` and `send e on q;`
  void aspenSend(unsigned Port, QueueElement &&E);
  void aspenSend(unsigned Port, QueueElement &E) {
    aspenSend(Port, std::move(E));
  }
  void aspenSend(unsigned Port, Payload *P) {
    aspenSend(Port, QueueElement(P));
  }
  /// `dequeue()` and `dequeue(q)`
  QueueElement aspenDequeue(unsigned Port);
};

/// A user reduce operation: `void op(T &accumulator, const T &contribution)`
/// for a payload class T: what `r(op)` calls.
template <typename T>
void callReduceOp(void (*Op)(T &, const T &), Payload &Acc,
                  const Payload &Next) {
  static_assert(std::is_base_of_v<Payload, T>,
                "a reduce operation 'void op(T &accumulator, const T "
                "&contribution)' needs a payload class T, derived from "
                "aspen::Payload");
  if constexpr (std::is_base_of_v<Payload, T>) { // one error, not a cascade
    T *A = dynamic_cast<T *>(&Acc);
    const T *B = dynamic_cast<const T *>(&Next);
    if (!A)
      throwPayloadTypeError(typeid(T).name(), &Acc);
    if (!B)
      throwPayloadTypeError(typeid(T).name(), &Next);
    Op(*A, *B);
  }
}

/// The constructor of a module class for one declaration with arguments.
template <unsigned K> struct ArgsTag {};

namespace detail {
/// Stands for a value of T where a static_assert has already failed, so
/// that one error is reported, not a second one about the initialiser.
/// Never defined: a program that names it does not compile.
template <typename T> T &&noValue();
} // namespace detail

/// For `Mod m(42);`: an integer argument initialises
/// an arithmetic parameter it fits in exactly. (Plain initialisation would
/// also turn 42 into a character of a std::string, 300 into an unsigned
/// char of 44, and 16777217 into a float of 16777216.)
template <long long V, typename T> constexpr decltype(auto) intParam() {
  constexpr bool Arith = std::is_arithmetic<T>::value;
  static_assert(Arith,
                "an integer argument needs a parameter of arithmetic type");
  if constexpr (Arith) {
    if constexpr (std::is_same<T, bool>::value) {
      static_assert(V == 0 || V == 1, "a bool parameter takes 0 or 1");
    } else if constexpr (std::is_integral<T>::value) {
      static_assert(V >= 0 || std::is_signed<T>::value,
                    "a negative argument for an unsigned parameter");
      static_assert(V < 0 || static_cast<unsigned long long>(V) <=
                                 static_cast<unsigned long long>(
                                     std::numeric_limits<T>::max()),
                    "the argument does not fit in the parameter's type");
      static_assert(
          V >= 0 || !std::is_signed<T>::value ||
              V >= static_cast<long long>(std::numeric_limits<T>::min()),
          "the argument does not fit in the parameter's type");
    } else {
      static_assert(static_cast<long double>(static_cast<T>(V)) ==
                        static_cast<long double>(V),
                    "the argument is not exactly a value of the parameter's "
                    "floating-point type");
    }
    return static_cast<T>(V);
  } else {
    return detail::noValue<T>();
  }
}

/// For `Mod m("text");`: a string argument
/// initialises a parameter made from a C string (std::string, const char *,
/// ...).
template <typename T> decltype(auto) stringParam(const char *V) {
  constexpr bool Ok = !std::is_arithmetic<T>::value &&
                      std::is_constructible<T, const char *>::value;
  static_assert(Ok, "a string argument needs a parameter such as std::string");
  if constexpr (Ok)
    return T(V);
  else
    return detail::noValue<T>();
}

/// The factory of a module class. A module without
/// `void run()` is reported by aspenc itself, with the module's location.
template <typename T> ModuleBase *makeModule() {
  if constexpr (std::is_abstract<T>::value)
    return nullptr;
  else
    return new T();
}

} // namespace aspen::gen

#endif // ASPEN_GEN_MODULE_H
