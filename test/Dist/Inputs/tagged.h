// An array payload with a field of its own (allreduce-derived-payload.asp).
#include <aspen/runtime.h>

struct Tagged
    : aspen::CloneablePayload<Tagged, aspen::ArrayPayload<double>> {
  Tagged() : CloneablePayload(size_t(0)) {}
  Tagged(size_t N, int Tag) : CloneablePayload(N), Tag(Tag) {}
  int Tag = -1;
};
