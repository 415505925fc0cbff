// Element types of ArrayPayload beyond the runtime's own (array-payload-
// elements.asp, fail_array_payload_elements.asp).
#include <aspen/runtime.h>
#include <string>

struct Point {
  double X, Y;
};
struct Padded { // 7 bytes between C and D
  char C;
  double D;
};
enum class Colour : short { Red, Green, Blue };
struct Texts : aspen::ArrayPayload<std::string> {
  Texts() : ArrayPayload(0) {}
};
