// Payload classes of user-payload-containers.asp.
#include <cstring>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>
#include <aspen/runtime.h>

struct Seen {
  int line = 0;
  std::string where;
};

// Never sent, and it cannot be (a pointer): what was written for its Seen
// elements before the pointer was found must not stand in for Tally's.
class Unsent : public aspen::Payload {
public:
  std::vector<Seen> seen;
  int *where = nullptr;
};

class Tally : public aspen::Payload {
public:
  // Built-in types in containers (wire.h's overloads).
  std::unordered_map<std::string, long> counts;
  std::map<int, std::vector<std::string>> byLength;
  std::multimap<int, std::string> order;
  std::set<std::pair<long, std::string>> ranked;
  std::optional<std::string> longest;
  std::optional<double> none;
  std::list<std::deque<short>> runs;
  std::vector<bool> flags;
  // Classes in containers (written field by field).
  std::map<std::string, Seen> first;
  std::unordered_map<int, std::vector<Seen>> byLine;
  std::optional<Seen> last;
  std::vector<std::list<std::pair<Seen, bool>>> nested;
  std::map<std::string, std::tuple<int, Seen, std::vector<double>>> tuples;
  // A class of its own, private: the generated code may not name it.
  void note(int k, const char *text) {
    notes[k].text = text;
    pinned = {Note{text}, k};
    mood = Mood::Glad;
    moods[Mood::Glad] = k;
  }
  int moodCount() { return mood == Mood::Glad ? moods[Mood::Glad] : -1; }
  std::string noteAt(int k) { return notes[k].text; }
  std::string pinnedText() const { return std::get<0>(pinned).text; }

private:
  struct Note {
    std::string text;
  };
  enum class Mood { Sad, Glad };
  Mood mood = Mood::Sad;
  std::map<Mood, int> moods;
  std::map<int, Note> notes;
  std::tuple<Note, long> pinned;
};
