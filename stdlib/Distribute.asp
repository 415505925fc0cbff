// Distribute(policy = "round-robin"): passes every message it receives to
// one of the targets of its output queue.
//   "round-robin"  message k to target k mod n, in `--dump-graph` order;
//   "hash"         by the payload's key() (for aspen::StringPayload, a hash
//                  of its text that every node computes alike), so equal
//                  keys always reach the same target.
// Any other policy ends the program with an error naming the instance.
#include <aspen/stdlib.h>
#include <stdexcept>
#include <string>

Declare Module Distribute {
  parameters {
    std::string policy = "round-robin";
  }
}

Module Distribute {
  void run() {
    bool byKey = policy == "hash";
    if (!byKey && policy != "round-robin")
      throw std::invalid_argument("Distribute: unknown policy '" + policy +
                                  "'; expected \"round-robin\" or \"hash\"");
    unsigned n = outputTargets(), next = 0;
    while (QueueElement q = dequeue()) {
      if (n == 0)
        continue; // nothing connected: the compiler has warned
      unsigned to;
      if (byKey) {
        to = unsigned(q.get()->key() % n);
      } else {
        to = next;
        next = next + 1 == n ? 0 : next + 1;
      }
      sendTo(to, std::move(q));
    }
  }
}
