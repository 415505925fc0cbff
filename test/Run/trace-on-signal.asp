// RUN: %aspenc %s -o %t
// RUN: rm -f %t.json
// RUN: env ASPEN_TRACE=%t.json ASPEN_STATS=1 ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=256 %python %S/Inputs/send_signal.py TERM sending %t | FileCheck %s
// RUN: %python %S/Inputs/check_trace.py %t.json | FileCheck %s --check-prefix=TRACE
// RUN: rm -f %t.json
// RUN: env ASPEN_TRACE=%t.json ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=256 %python %S/Inputs/send_signal.py INT sending %t | FileCheck %s --check-prefix=INT --implicit-check-not="aspen: stats"
// RUN: %python %S/Inputs/check_trace.py %t.json | FileCheck %s --check-prefix=TRACE
// RUN: env ASPEN_WORKERS=2 %python %S/Inputs/send_signal.py TERM sending %t | FileCheck %s --check-prefix=PLAIN --implicit-check-not=aspen:
// A program that never ends, stopped by SIGTERM or SIGINT: with
// ASPEN_STATS the statistics so far go to standard error, said to be
// interrupted, and with ASPEN_TRACE the trace holds the events recorded so
// far (arrows of messages still queued have no end yet); then the signal
// ends the program as it would have (128 + the signal). Without either
// setting the signal is left alone. The capacity is set (every element
// bounded by it): the producers sleep in a system call that holds their
// worker, and only a full queue lets the consumer in.
#include <aspen/runtime.h>
#include <cstdio>
#include <cstring>
#include <unistd.h>

Module Main is Root requires Module P, Module C {
  void initialize() {
    P a;
    P b;
    C c;
    flow:
      a, b ||| c;
  }
}
Module P {
  void run() {
    for (long i = 0;; ++i) {
      send new ArrayPayload<long>(1);
      if (i == 1000 && std::strcmp(instanceName(), "a") == 0) {
        std::printf("sending\n");
        std::fflush(stdout);
      }
      if (i > 1000)
        usleep(200);
    }
  }
}
Module C {
  void run() {
    while (QueueElement q = dequeue()) {
    }
  }
}
// CHECK: sending
// CHECK: aspen: stats: 3 instances, 2 edges, {{[0-9.]+}} s, {{.*}}, interrupted by SIGTERM
// CHECK-DAG: edge a -> c: {{[0-9]+}} messages
// CHECK-DAG: edge b -> c: {{[0-9]+}} messages
// CHECK: exit status 143

// TRACE: processes: aspen localhost (pid 1)
// TRACE: slices that overlap without nesting: 0
// TRACE-NEXT: async begins and ends unpaired: 0
// TRACE-NEXT: flow arrows: {{[1-9][0-9]+}}
// TRACE-NEXT: flow ids used more than once: 0
// TRACE-NEXT: flow ends without a start: 0
// TRACE-NEXT: flow starts without an end: {{[0-9]+}}
// TRACE-NEXT: flow ends before their start: 0
// TRACE-NEXT: flow events outside their send or dequeue slice: 0
// b may not have run yet (a and c can keep both workers busy); a and c
// have, a's run still going.
// TRACE-DAG: run: {{[23]}} names: a, {{(b, )?}}c

// INT: sending
// INT: exit status 130

// PLAIN: sending
// PLAIN: exit status 143
