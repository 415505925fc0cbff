// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s --check-prefix=NONE
// RUN: %t 512 'two words' -- --hostfile x --help -- | FileCheck %s
// RUN: %t -v --size=3 | FileCheck %s --check-prefix=OPTS
// RUN: %t --help | FileCheck %s --check-prefix=HELP
// A built program's own arguments reach its modules through
// aspen::programArgs(): every one after `--`, and before it those the
// runtime does not take (it takes --hostfile FILE and --help).
#include <cstdio>
#include <string>
#include <aspen/runtime.h>

Module Main is Root requires Module Show {
  void initialize() {
    Show s[2];
    flow:
      s ||| s;
  }
}

Module Show {
  void run() {
    send QueueElement();
    dequeue();
    if (instanceIndex() != 0)
      return;
    const std::vector<std::string> &args = aspen::programArgs();
    std::printf("%zu arguments\n", args.size());
    for (const std::string &a : args)
      std::printf("arg '%s'\n", a.c_str());
  }
}
// NONE: 0 arguments
// CHECK: 6 arguments
// CHECK-NEXT: arg '512'
// CHECK-NEXT: arg 'two words'
// CHECK-NEXT: arg '--hostfile'
// CHECK-NEXT: arg 'x'
// CHECK-NEXT: arg '--help'
// CHECK-NEXT: arg '--'
// OPTS: 2 arguments
// OPTS-NEXT: arg '-v'
// OPTS-NEXT: arg '--size=3'
// HELP: usage: {{.*}} [--hostfile FILE] [ARG...] [-- ARG...]
// HELP: them with aspen::programArgs(), the same on every node
