// RUN: %aspenc %s -o %t
// RUN: %t | env LC_ALL=C sort | FileCheck %s
// Arguments of an instance declaration set the module's parameters, in
// order; left-out ones keep their defaults; a vector shares its arguments;
// constants and negative values are allowed.
#include <cstdio>
#include <string>

Module Main is Root requires Module Greeter {
  void initialize() {
    const int N = 3;
    Greeter a("alpha", N * 2 - 1, -7), b[2]("beta"), c("gamma", 0);
    flow:
      a ||| b;
      c ||| b;
  }
}

Declare Module Greeter {
  parameters {
    std::string word;         // required
    int times = 1;            // optional
    long offset{100};
  }
}

Module Greeter {
  void run() {
    for (int i = 0; i < times; ++i)
      std::printf("%s %s %d %ld\n", instanceName(), word.c_str(), i, offset);
  }
}
// CHECK:      a alpha 0 -7
// CHECK-NEXT: a alpha 1 -7
// CHECK-NEXT: a alpha 2 -7
// CHECK-NEXT: a alpha 3 -7
// CHECK-NEXT: a alpha 4 -7
// CHECK-NEXT: b[0] beta 0 100
// CHECK-NEXT: b[1] beta 0 100
// CHECK-NOT:  gamma
