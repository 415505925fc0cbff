// User reduce operations for reduce-user-op.asp. Each one folds a
// contribution into the accumulator.
#pragma once
#include <aspen/runtime.h>

struct MinLoc final : aspen::CloneablePayload<MinLoc> {
  double value = 0;
  int index = 0;
};

inline void merge_min_loc(MinLoc &acc, const MinLoc &x) {
  if (x.value < acc.value) {
    acc.value = x.value;
    acc.index = x.index;
  }
}

namespace ops {
inline void combine(MinLoc &acc, const MinLoc &x) { acc.value += x.value; }
} // namespace ops

inline void global_op(MinLoc &acc, const MinLoc &x) { acc.value *= x.value; }

namespace a::b {
inline void c(MinLoc &acc, const MinLoc &x) { acc.index += x.index; }
} // namespace a::b
