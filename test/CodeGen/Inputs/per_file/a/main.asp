// The root of test/CodeGen/include_per_file.test; includes its own util.h.
#include <cstdio>
#include "util.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    flow:
      a ||| b;
  }
}

Module A {
  void run() {
    std::printf("a: %s\n", whereA());
    send QueueElement();
  }
}
