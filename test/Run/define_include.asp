// RUN: %aspenc -DSCALE=7 -D GREETING='"hello"' -DFLAG -I %S/Inputs/include %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: not %aspenc -DSCALE=3 %s -o %t.noinc 2>&1 | FileCheck %s --check-prefix=NOINC
// RUN: not %aspenc -I%S/Inputs/include %s -o %t.nodef 2>&1 | FileCheck %s --check-prefix=NODEF
// -D defines macros for the modules' C++ and -I adds a directory that
// #include <...> searches.
#include <cstdio>
#include <aspen/runtime.h>
// NOINC: define_include.asp:[[@LINE+1]]:10: error: 'extra/scale.h' file not found
#include <extra/scale.h>
// NODEF: scale.h:6:2: error: "SCALE is not defined"

#ifndef GREETING
#define GREETING "default"
#endif

Module Main is Root requires Module Src, Module Dst {
  void initialize() {
    Src s;
    Dst d;
    flow:
      s ||| d;
  }
}

Module Src {
  void run() {
    for (long i = 1; i <= 4; ++i)
      send QueueElement(new ArrayPayload<long>(std::vector<long>{scaled(i)}));
  }
}

Module Dst {
  void run() {
    long sum = 0;
    for (int i = 0; i < 4; ++i) {
      QueueElement e = dequeue();
      long *v = getPayload(e);
      sum += *v;
    }
#ifdef FLAG
    const char *flag = "set";
#else
    const char *flag = "unset";
#endif
    std::printf("%s: sum=%ld flag=%s\n", GREETING, sum, flag);
  }
}
// CHECK: hello: sum=70 flag=set
