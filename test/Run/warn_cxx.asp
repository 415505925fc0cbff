// RUN: %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %aspenc %s --hostfile %S/../Dist/Inputs/nodes2 -o %t.nodes 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %t | FileCheck %s --check-prefix=RAN
// RUN: %aspenc -w %s -o %t.quiet 2>&1 | count 0
// RUN: %t.quiet | FileCheck %s --check-prefix=RAN
// RUN: rm -f %t.werror
// RUN: not %aspenc --Werror %s -o %t.werror 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: not test -e %t.werror
// Clang's warnings about module code (aspenc compiles it with -Wall) are
// reported at the .asp line and column and do not stop the build; -w
// silences them and --Werror makes them errors.
#include <cstdio>
#include <aspen/runtime.h>

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
// CHECK: warn_cxx.asp:[[@LINE+2]]:9: warning: unused variable 'unused'
// WERROR: warn_cxx.asp:[[@LINE+1]]:9: error: unused variable 'unused'
    int unused = 3;
    send QueueElement(new ArrayPayload<int>(1));
  }
}

Module B {
  void run() {
    QueueElement e = dequeue();
    int n = 0;
// CHECK: warn_cxx.asp:[[@LINE+1]]:11: warning: using the result of an assignment as a condition without parentheses
    if (n = e ? 1 : 2)
      std::printf("ran %d\n", n);
  }
}
// RAN: ran 1
