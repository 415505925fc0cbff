// RUN: %aspenc %s %S/Inputs/multi_file_modules.asp -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// A program in two .asp files: the root and one module here, the other
// modules and a Declare Module in Inputs/multi_file_modules.asp. Includes
// are shared by both.
#include <cstdio>
#include "Inputs/trace.h"

Module Main is Root requires Module Numbers, Module Doubler, Module Printer {
  void initialize() {
    Numbers n;
    Doubler d[2];
    Printer p;
    flow:
      n ||| d ||| p;
  }
}

Module Numbers {
  void run() {
    for (int i = 1; i <= 10; ++i)
      send QueueElement(new Trace(i));
    send QueueElement();
    send QueueElement();
  }
}
// CHECK: sum 110, handled 10
