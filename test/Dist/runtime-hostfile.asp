// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t --hostfile %S/Inputs/other-hosts | FileCheck %s
// RUN: not %t --hostfile %S/Inputs/nodes3 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not %t --hostfile %S/Inputs/bad-hosts 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not %t --hostfile %S/Inputs/no-such-file 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %t --hostfile 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not %t --hostfile %S/Inputs 2>&1 | FileCheck %s --check-prefix=DIR
// RUN: not %t --hostfile %S/Inputs/unresolvable-hosts 2>&1 | FileCheck %s --check-prefix=RESOLVE
// RUN: %t --hostfile=%S/Inputs/other-hosts | FileCheck %s
// RUN: not %t --hostfle %S/Inputs/other-hosts 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %t --hostfile %S/Inputs/other-hosts --hostfile %S/Inputs/nodes2 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: %t --help | FileCheck %s --check-prefix=HELP
// `./main --hostfile FILE` runs a program on other machines than those it
// was built for, node for node; the file is checked before anything starts.
// Other arguments are the program's (aspen::programArgs()), but one that
// looks like a misspelt --hostfile (which would run the program as built,
// ignoring the file) is an error.
#include <cstdio>
#include <aspen/runtime.h>
Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
  }
}
Module A {
  void run() {
    for (long i = 1; i <= 10; ++i)
      send new ArrayPayload<long>(&i, 1);
  }
}
Module B {
  void run() {
    long sum = 0;
    while (QueueElement q = dequeue())
      sum += *static_cast<long *>(getPayload(q));
    std::printf("sum %ld\n", sum);
  }
}
// CHECK: [127.0.0.72] sum 55
// COUNT: aspen: error: {{.*}}nodes3 lists 3 nodes; this program was placed on 2
// SYNTAX: aspen: error: {{.*}}bad-hosts:2:{{[0-9]+}}: a node needs 1 to 1048576 slots, not 'x'
// MISSING: aspen: error: cannot open hostfile '{{.*}}no-such-file'
// NOFILE: aspen: error: --hostfile needs a file name
// DIR: aspen: error: cannot read hostfile '{{.*}}Inputs': Is a directory
// RESOLVE: aspen: error: {{.*}}unresolvable-hosts:3:1: cannot resolve node 'no-such-host.invalid'
// UNKNOWN: aspen: error: unknown argument '--hostfle'; did you mean '--hostfile'? (an argument for the program itself goes after '--')
// TWICE: aspen: error: --hostfile given twice
// HELP: usage: {{.*}} [--hostfile FILE] [ARG...] [-- ARG...]
// HELP: aspen::programArgs(), the same on every node
