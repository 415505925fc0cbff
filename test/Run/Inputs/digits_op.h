// A user reduce operation whose result shows the order of the
// participants: acc = acc * 10 + next (test/Run/reduce-direct.asp).
#pragma once
#include <aspen/runtime.h>

struct Digits : aspen::Payload {
  long V = 0;
  explicit Digits(long V) : V(V) {}
  Payload *clone() const override { return new Digits(V); }
};
inline void append(Digits &Acc, const Digits &Next) {
  Acc.V = Acc.V * 10 + Next.V;
}
