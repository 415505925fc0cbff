// RUN: rm -rf %t.dir && mkdir -p %t.dir/Inputs
// RUN: cp %S/Inputs/shadow/greeting.h %t.dir/Inputs/greeting.h
// RUN: cd %t.dir && %aspenc %s -o %t && %t | FileCheck %s
// A quoted #include looks first next to the .asp file, as it would for the
// file itself: a header of the same name in the directory aspenc runs in
// (here one that is an #error) does not shadow it.
#include <cstdio>
#include "Inputs/greeting.h"

Module Main is Root requires Module A {
  void initialize() {
    A a;
    flow:
      a ||| a;
  }
}

Module A {
  void run() { std::printf("%s\n", greeting()); }
}

// CHECK: from the header next to the .asp
