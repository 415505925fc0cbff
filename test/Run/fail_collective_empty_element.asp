// RUN: %aspenc %s -o %t --root=Red
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=REDUCE
// RUN: env ASPEN_TRACE=%t.json not %t 2>&1 | FileCheck %s --check-prefix=REDUCE-FIBER
// RUN: %aspenc %s -o %t --root=Gat
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: %aspenc %s -o %t --root=Bc
// RUN: %t | FileCheck %s --check-prefix=BCAST
// An empty element sent to a reduce or a gather is no contribution: the
// collective throws, naming the participant. Before, it was taken for the
// end of the stream: the collective ended, the contributions after it were
// lost, and the program exited with 0. A broadcast passes an empty element
// on to every receiver (before, it ended there too).
#include <cstdio>

Module Red is Root requires Module Emp, Module Show {
  void initialize() {
    Emp p[2];
    Show s;
    flow:
      p ||| Reduce(sum) ||| s;
  }
}
Module Gat is Root requires Module Emp, Module Show {
  void initialize() {
    Emp p[2];
    Show s;
    flow:
      p ||| Gather() ||| s;
  }
}
Module Bc is Root requires Module Emp, Module Show {
  void initialize() {
    Emp p;
    Show s[2];
    flow:
      p ||| Broadcast() ||| s;
  }
}
Module Emp {
  void run() {
    send QueueElement();
    send new ArrayPayload<int>(1);
  }
}
Module Show {
  void run() {
    for (int i = 0; i < 3; ++i) {
      QueueElement q = dequeue();
      std::printf("%s %d: %s\n", instanceName(), i, q ? "element" : "empty");
    }
  }
}
// A reduce this small is run by its receiver (s), which reports it.
// REDUCE: aspen: error: instance 's' (module Show) threw aspen::PayloadTypeError: reduce 'Reduce#1': 'p[0]' sent an empty element, which is no contribution (a participant ends its contributions by returning from run())
// REDUCE-FIBER: aspen: error: instance 'Reduce#1' (module Reduce) threw aspen::PayloadTypeError: reduce 'Reduce#1': 'p[0]' sent an empty element, which is no contribution (a participant ends its contributions by returning from run())
// GATHER: aspen: error: instance 'Gather#1' (module Gather) threw aspen::PayloadTypeError: gather 'Gather#1': 'p[0]' sent an empty element
// BCAST-DAG: s[0] 0: empty
// BCAST-DAG: s[0] 1: element
// BCAST-DAG: s[0] 2: empty
// BCAST-DAG: s[1] 0: empty
// BCAST-DAG: s[1] 1: element
// BCAST-DAG: s[1] 2: empty
