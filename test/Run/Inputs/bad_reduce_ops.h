// Functions that are not reduce operations, each for its own reason.
#include <aspen/runtime.h>
using Longs = aspen::ArrayPayload<long>;
inline void notConst(Longs &a, Longs &b) {}
inline int returnsInt(Longs &a, const Longs &b) { return 0; }
inline void threeArgs(Longs &a, const Longs &b, int) {}
inline void notPayload(int &a, const int &b) {}
inline void overloaded(Longs &a, const Longs &b) {}
inline void overloaded(aspen::ArrayPayload<int> &a,
                       const aspen::ArrayPayload<int> &b) {}
