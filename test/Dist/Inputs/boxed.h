// A payload class template of user-payload-template.asp.
#include <map>
#include <string>
#include <vector>
#include <aspen/runtime.h>

template <typename T> class Boxed : public aspen::Payload {
public:
  std::vector<T> items;
  std::string label;
};
