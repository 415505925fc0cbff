// RUN: %aspenc %s -o %t
// RUN: %t | sort | FileCheck %s
// A module's data members may be initialised from its identity, its
// parameters and even its first message. Before, instanceIndex() (or
// instanceName(), dequeue()) in an initialiser crashed the program, and a
// parameter read there had its default, not the instance's argument.
#include <cstdio>
#include <string>
#include <aspen/runtime.h>

Module Main is Root requires Module W, Module Src {
  void initialize() {
    Src s;
    W w[3](7);
    flow:
      s ||| w;
  }
}
Declare Module W {
  parameters {
    int p = 1;
  }
  data_section {
    int me = instanceIndex();
    int of = instanceCount();
    std::string name = instanceName();
    int twice = p * 2;
  }
}
Module W {
  long first = getPayload<ArrayPayload<long>>(dequeue())[0];
  void run() {
    std::printf("%s: %d of %d, p %d, twice %d, first %ld\n", name.c_str(), me,
                of, p, twice, first);
  }
}
Module Src {
  void run() {
    for (long v = 10; v < 13; ++v)
      send new ArrayPayload<long>(&v, 1);
  }
}
// CHECK: w[0]: 0 of 3, p 7, twice 14, first 1{{[0-2]}}
// CHECK: w[1]: 1 of 3, p 7, twice 14, first 1{{[0-2]}}
// CHECK: w[2]: 2 of 3, p 7, twice 14, first 1{{[0-2]}}
