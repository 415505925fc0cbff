// A payload class of user-array-payload.asp: an array payload with more.
#include <string>
#include <aspen/runtime.h>

class Samples final
    : public aspen::CloneablePayload<Samples, aspen::ArrayPayload<double>> {
public:
  Samples() : CloneablePayload(size_t(0)) {}
  explicit Samples(size_t n) : CloneablePayload(n) {}
  std::string unit;
};
