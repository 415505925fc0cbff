// Payload classes of user-payload-containers.asp.
#include <cstring>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>
#include <aspen/runtime.h>

class Tally : public aspen::Payload {
public:
  std::unordered_map<std::string, long> counts;
  std::map<int, std::vector<std::string>> byLength;
  std::multimap<int, std::string> order;
  std::set<std::pair<long, std::string>> ranked;
  std::optional<std::string> longest;
  std::optional<double> none;
  std::list<std::deque<short>> runs;
};
