// RUN: %aspenc --dump-graph %s | FileCheck %s --check-prefix=OWN
// RUN: %aspenc -DWIDTH=3 --dump-graph %s | FileCheck %s --check-prefix=DEF
// RUN: %aspenc -D WIDTH=0x4 --dump-graph %s | FileCheck %s --check-prefix=HEX
// RUN: %aspenc -DWIDTH=3 %s -o %t
// RUN: %t | FileCheck %s --check-prefix=RUN3
// RUN: %aspenc -DWIDTH=two --dump-graph %s | FileCheck %s --check-prefix=OWN
// -DNAME=VALUE defines the macro for the modules' C++ and, with an integer
// VALUE, sets the main root's `const int NAME` too, over the program's own
// value. A value that is no integer is only a macro.
#include <cstdio>
#include <aspen/runtime.h>
#ifndef WIDTH
#define WIDTH 1
#endif

Module Main is Root requires Module Part, Module Count {
  void initialize() {
    const int WIDTH = 1;
    Part p[WIDTH];
    Count c;
    flow:
      p ||| c;
  }
}

Module Part {
  void run() { send new ArrayPayload<int>(1); }
}

Module Count {
  void run() {
    int n = 0;
    while (QueueElement q = dequeue())
      ++n;
    std::printf("macro WIDTH = %d, %d parts\n", int(WIDTH), n);
  }
}
// OWN: Instance #0 p[0] : Part [0 of 1]
// OWN-NEXT: Instance #1 c : Count
// DEF: Instance #2 p[2] : Part [2 of 3]
// DEF-NEXT: Instance #3 c : Count
// HEX: Instance #3 p[3] : Part [3 of 4]
// RUN3: macro WIDTH = 3, 3 parts
