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
#include <chrono>
#include <initializer_list>
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
  /// `dequeue(a | b)`, `dequeue(q, within: d)`, `dequeue(q, from: k)`:
  /// Sender -1 for any (the sender is still reported on a queue kept by
  /// sender), TimeoutNs -1 for none. Site: "file:line:col" of the call.
  Received aspenReceive(std::initializer_list<unsigned> Ports, long long Sender,
                        long long TimeoutNs, const char *Site);
  /// `dequeue(q, count: n)`: n elements, fewer at the end of the stream.
  std::vector<QueueElement> aspenDequeueCount(unsigned Port, long long Count,
                                              const char *Site);
  /// `dequeue(a & b)`: one element from each, in the order named; an
  /// empty element for a queue whose stream has ended.
  std::vector<QueueElement>
  aspenDequeueJoined(std::initializer_list<unsigned> Ports);
  /// The options' values, checked (below); members, so that the generated
  /// call names them unqualified at the option's own column.
  template <typename D>
  static long long aspenWithin(const D &Duration, const char *Site);
  template <typename T>
  static long long aspenFrom(const T &K, const char *Site);
  template <typename T>
  static long long aspenCount(const T &N, const char *Site);
};

/// `within: d` as nanoseconds: d is a std::chrono duration, neither
/// negative nor absurd (over 100 years); checked where it is evaluated.
long long checkedDeadline(long double Ns, const char *Site);
template <typename T> struct IsDuration : std::false_type {};
template <typename R, typename P>
struct IsDuration<std::chrono::duration<R, P>> : std::true_type {};
template <typename D>
long long Module::aspenWithin(const D &Duration, const char *Site) {
  static_assert(IsDuration<D>::value,
                "'within:' takes a std::chrono duration, such as "
                "std::chrono::milliseconds(5) or 5ms");
  if constexpr (IsDuration<D>::value)
    return checkedDeadline(static_cast<long double>(Duration.count()) *
                               D::period::num / D::period::den * 1e9L,
                           Site);
  else
    return 0;
}
/// `from: k` and `count: n`: an integer, checked where it is evaluated.
long long checkedSender(long long K, const char *Site);
long long checkedCount(long long N, const char *Site);
/// The value of `from:` or `count:`, an integer, as a long long (an
/// unsigned one too large for it as the largest, which the checks refuse
/// as they refuse any absurd value); 0 after the static_assert that
/// already said what is wrong, so that it stays the only error.
template <typename T> long long optionInteger(const T &V) {
  if constexpr (!std::is_integral_v<T>)
    return 0;
  else if constexpr (std::is_unsigned_v<T>)
    return V > T(std::numeric_limits<long long>::max())
               ? std::numeric_limits<long long>::max()
               : static_cast<long long>(V);
  else
    return static_cast<long long>(V);
}
template <typename T>
long long Module::aspenFrom(const T &K, const char *Site) {
  static_assert(std::is_integral_v<T>, "'from:' takes an integer: the "
                                       "sender's place among the queue's "
                                       "flows, from 0");
  return checkedSender(optionInteger(K), Site);
}
template <typename T>
long long Module::aspenCount(const T &N, const char *Site) {
  static_assert(std::is_integral_v<T>, "'count:' takes an integer");
  return checkedCount(optionInteger(N), Site);
}

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
