// Payload classes of fail_payload_container_no_wire.asp: containers of
// what cannot be sent, or of classes the reader could not create.
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <aspen/runtime.h>

struct Node;
class Tree : public aspen::Payload {
public:
  std::map<std::string, std::vector<Node *>> children;
};

struct Cell {
  explicit Cell(int v) : v(v) {}
  int v;
};
class Sheet : public aspen::Payload {
public:
  std::map<int, Cell> cells;
};

template <typename T> class Holder : public aspen::Payload {
public:
  T held{};
};

struct Shape {
  virtual ~Shape() = default;
};
class Owner : public aspen::Payload {
public:
  std::unique_ptr<Shape> shape;
};

struct Counter {
  long n = 0;
};
class Sharer : public aspen::Payload {
public:
  std::shared_ptr<Counter> counter;
};
