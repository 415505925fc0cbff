// Payload classes with a part no wire format can carry, for
// fail_payload_odd_parts.asp.
#include <utility>
#include <aspen/runtime.h>

class Wide : public aspen::Payload {
public:
  __int128 big = 0;
};

class Keyed : public aspen::Payload {
public:
  std::pair<const int, int> entry{1, 2};
};

class Hollow : public aspen::Payload {
public:
  long n = 0;
  int none[0];
};
