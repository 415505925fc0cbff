// Node DIE_NODE ends before main() with status 3, silently, as a node whose
// start fails (fail_node_dies_at_start.asp).
#include <cstdlib>

struct DieEarly {
  DieEarly() {
    const char *N = std::getenv("ASPEN_NODE"), *D = std::getenv("DIE_NODE");
    if (N && D && std::atoi(N) == std::atoi(D))
      std::exit(3);
  }
};
inline DieEarly TheEarlyDeath;
