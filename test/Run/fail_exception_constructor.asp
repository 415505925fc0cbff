// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// An exception from a data_section member's constructor, before run() is
// called, is reported like one from run(): exit status 4, naming the
// instance.
#include <aspen/runtime.h>
#include "Inputs/throwing.h"

Module Main is Root requires Module Configured, Module Sink {
  void initialize() {
    Configured c;
    Sink s;
    flow:
      c ||| s;
  }
}

Declare Module Configured {
  data_section {
    Throwing settings;
  }
}

Module Configured {
  void run() { send QueueElement(); }
}

Module Sink {
  void run() { dequeue(); }
}
// CHECK:      aspen: error: instance 'c' (module Configured) threw std::invalid_argument: no configuration
// CHECK-NEXT: exit status 4
