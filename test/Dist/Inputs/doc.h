// Payload classes of user-payload-pointers.asp: a tree that owns its
// children through unique_ptr, and variants.
#include <memory>
#include <string>
#include <variant>
#include <vector>
#include <aspen/runtime.h>

struct Section {
  std::string title;
  std::vector<std::unique_ptr<Section>> children;
  std::unique_ptr<int> number;
};

struct Cite {
  std::string key;
  int page = 0;
};

class Doc : public aspen::Payload {
public:
  std::unique_ptr<Section> root;
  std::unique_ptr<Section> none;
  std::vector<std::variant<std::monostate, long, std::string, Cite>> parts;
  std::shared_ptr<const Cite> main, again; // one object, two pointers
};
