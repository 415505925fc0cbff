// The second file of test/CodeGen/include_per_file.test, in another
// directory; includes its own util.h.
#include <cstdio>
#include "util.h"

Module B {
  void run() {
    dequeue();
    std::printf("b: %s\n", whereB());
  }
}
