// A payload class that holds a raw pointer: it has no wire format.
#include <aspen/runtime.h>
class Raw : public aspen::Payload {
public:
  double *values = nullptr;
  int n = 0;
};
inline aspen::Payload *makeRaw() { return new Raw(); }
