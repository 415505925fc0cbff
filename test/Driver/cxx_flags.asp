// RUN: not %aspenc -I %S/Inputs %s -o %t 2>&1 | FileCheck %s --check-prefix=CXX17
// RUN: %aspenc -std=c++20 -isystem %S/Inputs -march=x86-64-v2 -Ofast -pthread -fno-math-errno %s -o %t
// RUN: %t | FileCheck %s
// RUN: %aspenc -std=c++20 -I %S/Inputs -Wshadow %s -o %t 2>&1 | FileCheck %s --check-prefix=SHADOW
// RUN: not %aspenc -std=c++20 -I %S/Inputs -Wall -Wshadow -Werror %s -o %t.werror 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: %aspenc -std=c++20 -I %S/Inputs -v %s -o %t 2>&1 | FileCheck %s --check-prefix=VERBOSE
// Options for the modules' C++ go to Clang after aspenc's own (-std=c++17,
// -Wall), as clang++ takes them: -std=c++20 for concepts, -W to warn more,
// -f, -m, -isystem, -Ofast.
#include <cstdio>
#include <aspen/runtime.h>
#include "twice.h"

Module Main is Root requires Module A {
  void initialize() {
    A a;
    flow:
      a ||| a;
  }
}

Module A {
  void run() {
    int n = 21;
    {
// SHADOW: cxx_flags.asp:[[@LINE+2]]:11: warning: declaration shadows a local variable
// WERROR: cxx_flags.asp:[[@LINE+1]]:11: error: declaration shadows a local variable
      int n = 1;
      (void)n;
    }
    std::printf("twice(21) = %d\n", twice(n));
    send QueueElement();
    dequeue();
  }
}
// CXX17: twice.h:3:16: error: no type named 'integral' in namespace 'std'
// CHECK: twice(21) = 42
// VERBOSE: aspenc: in-process clang: {{.*}} -std=c++17 {{.*}} -fbracket-depth=256 -std=c++20{{( -include-pch [^ ]+)?}} -c
