// UNSUPPORTED: netlab
// (Not on a netlab: per-node files are named after the nodes, which are the hosts.)
// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t
// RUN: rm -f %t.json %t.127.0.0.*.json
// RUN: env ASPEN_TRACE=%t.json %t | FileCheck %s
// RUN: %python %S/../Run/Inputs/check_trace.py %t.json | FileCheck %s --check-prefix=TRACE
// RUN: %python %S/../Run/Inputs/check_trace.py %t.127.0.0.3.json | FileCheck %s --check-prefix=NODE
// With ASPEN_TRACE=FILE on several nodes, each node writes its own file
// (the node's name before the extension, kept) and the launcher merges
// them into FILE: a process per node, named after it, on one time line.
// Every message is an arrow from its send to its dequeue, across nodes
// too: 100 + 100 over TCP (s -> r -> k) and 100 within node 3 (a, b -> m).
// Into a queue fed from several nodes (x, y -> z) the transport claims a
// message's place, so its arrow goes to the transport of node 3 (100 over
// TCP) and a second one from there to the consumer (100).
#include <aspen/runtime.h>
#include <cstdio>

Module Main is Root requires Module Src, Module Relay, Module Sink {
  void initialize() {
    Src s;
    Relay r;
    Sink k;
    Src a;
    Src b;
    Sink m;
    Src x;
    Src y;
    Sink z;
    place s, x on 0;
    place r, y on 1;
    place k, a, b, m, z on 2;
    flow:
      s ||| r ||| k;
      a, b ||| m;
      x, y ||| z;
  }
}
Module Src {
  void run() {
    for (int i = 0; i < (instanceName()[0] == 's' ? 100 : 50); ++i)
      send new ArrayPayload<int>(1);
  }
}
Module Relay {
  void run() {
    while (QueueElement q = dequeue())
      send q;
  }
}
Module Sink {
  void run() {
    int n = 0;
    while (QueueElement q = dequeue())
      ++n;
    std::printf("%s got %d\n", instanceName(), n);
  }
}
// CHECK-DAG: [127.0.0.3] k got 100
// CHECK-DAG: [127.0.0.3] m got 100
// CHECK-DAG: [127.0.0.3] z got 100

// TRACE: processes: aspen 127.0.0.1 (pid 1), aspen 127.0.0.2 (pid 2), aspen 127.0.0.3 (pid 3)
// TRACE-NEXT: events of unnamed processes: 0
// TRACE: slices that overlap without nesting: 0
// TRACE-NEXT: async begins and ends unpaired: 0
// TRACE-NEXT: flow arrows: 500
// TRACE-NEXT: flow ids used more than once: 0
// TRACE-NEXT: flow ends without a start: 0
// TRACE-NEXT: flow starts without an end: 0
// TRACE-NEXT: flow ends before their start: 0
// TRACE-NEXT: flow events outside their send or dequeue slice: 0
// TRACE-NEXT: flow arrows between processes: 300
// TRACE-DAG: run: 9 names: a, b, k, m, r, s

// NODE: processes: aspen 127.0.0.3 (pid 3)
