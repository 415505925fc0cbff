// RUN: %aspenc %s -o %t
// RUN: env ASPEN_TRACE=%t.json %t
// RUN: %python %S/../Run/Inputs/check_trace.py %t.json | FileCheck %s
// RUN: %python -c "import json,sys; ev=json.load(open(sys.argv[1]))['traceEvents']; b=[e for e in ev if e.get('cat')=='box']; print('box events', len(b), 'records', sum(e['args']['records'] for e in b), 'network', b[0]['args']['network'])" %t.json | FileCheck %s --check-prefix=ARGS
// ASPEN_TRACE shows every S-Net box invocation as a slice named after the
// box, on the track of the worker that ran it, with the network instance
// and how many records it emitted.
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Twice .. Once ||| sink;
  }
}

Module Twice is Box ({<i>} -> {<i>}) {
  void box(long i) {
    emit<1>(i);
    emit<1>(i + 1000);
  }
}

Module Once is Box ({<i>} -> {<i>}) {
  void box(long i) { emit<1>(i); }
}

Module Src {
  void run() {
    for (long i = 0; i < 50; ++i) {
      auto *r = new aspen::snet::Record();
      r->tag("i", i);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
    }
  }
}
// CHECK: threads: worker 0
// CHECK-NEXT: slices that overlap without nesting: 0
// CHECK-NEXT: async begins and ends unpaired: 0
// CHECK-NEXT: flow arrows: 150
// CHECK-NEXT: flow ids used more than once: 0
// CHECK-NEXT: flow ends without a start: 0
// CHECK-NEXT: flow starts without an end: 0
// CHECK-NEXT: flow ends before their start: 0
// CHECK-NEXT: flow events outside their send or dequeue slice: 0
// CHECK-DAG: box: 2 names: box Once, box Twice
// 50 invocations of Twice (100 records) and 100 of Once (100 records).
// ARGS: box events 150 records 200 network net#1
