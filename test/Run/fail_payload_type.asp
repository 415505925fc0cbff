// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 KIND=class sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=CLASS
// RUN: env ASPEN_WORKERS=2 KIND=class sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=CLASS
// RUN: env ASPEN_WORKERS=2 KIND=array sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=ARRAY
// RUN: env ASPEN_WORKERS=2 KIND=arrayclass sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=ARRAYCLASS
// RUN: env ASPEN_WORKERS=2 KIND=empty sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: env ASPEN_WORKERS=2 KIND=caught %t | FileCheck %s --check-prefix=CAUGHT
// getPayload checks the type of what it is given: a mismatch throws
// aspen::PayloadTypeError, which ends the program with exit status 4 unless
// run() catches it.
#include <cstdio>
#include <cstdlib>
#include <string>
#include "Inputs/matrix.h"
#include "Inputs/trace.h"

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
    std::string kind = std::getenv("KIND");
    if (kind == "class" || kind == "caught")
      send QueueElement(new Trace(1));
    else if (kind == "empty")
      send QueueElement();
    else
      send QueueElement(new ArrayPayload<int>(3));
  }
}

Module Dst {
  void run() {
    std::string kind = std::getenv("KIND");
    QueueElement e = dequeue();
    if (kind == "class") {
      Matrix &m = getPayload<Matrix>(e);
      std::printf("rows %d\n", m.rows);
    } else if (kind == "array" || kind == "empty") {
      double *d = getPayload(e);
      std::printf("first %f\n", d[0]);
    } else if (kind == "arrayclass") {
      auto &a = getPayload<ArrayPayload<long>>(e);
      std::printf("size %zu\n", a.size());
    } else {
      try {
        getPayload<Matrix>(e);
      } catch (aspen::PayloadTypeError &err) {
        std::printf("caught: %s\n", err.what());
      }
      std::printf("trace value %d\n", getPayload<Trace>(e).value);
    }
  }
}
// CLASS:      aspen: error: instance 'd' (module Dst) threw aspen::PayloadTypeError: getPayload: expected a payload of type 'Matrix', got 'Trace'
// CLASS-NEXT: exit status 4
// ARRAY:      aspen: error: instance 'd' (module Dst) threw aspen::PayloadTypeError: getPayload: expected an array payload of 'double' elements, got 'aspen::ArrayPayload<int>'
// ARRAY-NEXT: exit status 4
// ARRAYCLASS:      aspen: error: instance 'd' (module Dst) threw aspen::PayloadTypeError: getPayload: expected a payload of type 'aspen::ArrayPayload<long>', got 'aspen::ArrayPayload<int>'
// ARRAYCLASS-NEXT: exit status 4
// EMPTY:      aspen: error: instance 'd' (module Dst) threw aspen::PayloadTypeError: getPayload: expected an array payload of 'double' elements, got an empty element
// EMPTY-NEXT: exit status 4
// CAUGHT:      caught: getPayload: expected a payload of type 'Matrix', got 'Trace'
// CAUGHT-NEXT: trace value 1
