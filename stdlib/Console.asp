// Console: prints every message it receives on standard output, one line
// per message (a newline is added when the text has none), in the order the
// messages arrive. Many instances can feed one Console: their lines never
// interleave. Payloads: aspen::StringPayload (or a class derived from it).
//
//   src ||| Console;            (with `Console out;` declared)
#include <aspen/stdlib.h>
#include <cstdio>

Module Console {
  void run() {
    while (QueueElement q = dequeue()) {
      const std::string &s = getPayload<aspen::StringPayload>(q).str();
      std::fwrite(s.data(), 1, s.size(), stdout);
      if (s.empty() || s.back() != '\n')
        std::fputc('\n', stdout);
    }
    std::fflush(stdout);
  }
}
