// Payload classes of user-payloads.asp.
#include <array>
#include <string>
#include <vector>
#include <aspen/runtime.h>
#include <aspen/wire.h>

struct Point {
  double x = 0, y = 0;
};
enum class Color { Red, Green };

class Shape : public aspen::Payload {
public:
  std::string name;
  std::vector<Point> points;
  std::array<int, 3> rgb{};
  Color color = Color::Red;
  std::vector<std::vector<float>> grid;
  long area() const { return secret * 2; }
  void setSecret(long s) { secret = s; }

private:
  long secret = 0;
};

class Labelled : public Shape {
public:
  char tag[4] = {0, 0, 0, 0};
};

// Its own wire format: a count and a string, packed differently.
class Custom : public aspen::Payload {
public:
  explicit Custom(int n) : n(n) {}
  int n;
  void serialize(aspen::wire::Writer &W) const { W.put(n * 2); }
  static Custom *deserialize(aspen::wire::Reader &R) {
    int v;
    R.get(v);
    return new Custom(v / 2 + 1000);
  }
};

class Stats : public aspen::CloneablePayload<Stats> {
public:
  long count = 0;
  double total = 0;
};
inline void merge(Stats &a, const Stats &b) {
  a.count += b.count;
  a.total += b.total;
}

