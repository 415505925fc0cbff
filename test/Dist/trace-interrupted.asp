// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: rm -f %t.json %t.127.0.0.*.json
// RUN: env ASPEN_TRACE=%t.json ASPEN_STATS=1 %python %S/../Run/Inputs/send_signal.py INT sending %t | FileCheck %s
// RUN: %python %S/../Run/Inputs/check_trace.py %t.json | FileCheck %s --check-prefix=TRACE
// Ctrl-C on the launcher of a run that never ends: the launcher passes it
// on, each node writes its statistics and its trace so far, and the
// launcher merges the traces (a process per node) before it exits with
// 128 + SIGINT. Arrows of messages not yet dequeued have no end; ends
// whose start a node had not yet recorded are left out.
#include <aspen/runtime.h>
#include <cstdio>
#include <unistd.h>

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b ||| a;
  }
}
Module A {
  void run() {
    for (long i = 0;; ++i) {
      send new ArrayPayload<long>(1);
      dequeue();
      if (i == 200) {
        std::printf("sending\n");
        std::fflush(stdout);
      }
      usleep(100);
    }
  }
}
Module B {
  void run() {
    while (QueueElement q = dequeue())
      send q;
  }
}
// CHECK: [127.0.0.1] sending
// CHECK-DAG: [127.0.0.1] aspen: stats: 2 instances, {{.*}}
// CHECK-DAG: [127.0.0.2] aspen: stats: 2 instances, {{.*}}
// CHECK: exit status 130

// TRACE: processes: aspen 127.0.0.1 (pid 1), aspen 127.0.0.2 (pid 2)
// TRACE-NEXT: events of unnamed processes: 0
// TRACE: slices that overlap without nesting: 0
// TRACE-NEXT: async begins and ends unpaired: 0
// TRACE-NEXT: flow arrows: {{[1-9][0-9][0-9]+}}
// TRACE-NEXT: flow ids used more than once: 0
// TRACE-NEXT: flow ends without a start: 0
// TRACE-NEXT: flow starts without an end: {{[0-9]+}}
// TRACE-NEXT: flow ends before their start: 0
// TRACE-NEXT: flow events outside their send or dequeue slice: 0
// TRACE-NEXT: flow arrows between processes: {{[1-9][0-9][0-9]+}}
// TRACE-DAG: run: 2 names: a, b
