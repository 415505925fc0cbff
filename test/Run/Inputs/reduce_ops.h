#include <algorithm>
#include <aspen/runtime.h>
inline void maxOf(aspen::ArrayPayload<long> &a,
                  const aspen::ArrayPayload<long> &b) {
  a[0] = std::max(a[0], b.data()[0]);
}
