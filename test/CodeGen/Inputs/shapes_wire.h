// A payload class of dump_cxx_wire.asp: a class nested in a map.
#include <map>
#include <string>
#include <vector>
#include <aspen/runtime.h>

struct Point {
  double x = 0, y = 0;
};
class Shapes : public aspen::Payload {
public:
  int version = 0;
  std::map<std::string, Point> byName;
  std::vector<Point> path;
};
