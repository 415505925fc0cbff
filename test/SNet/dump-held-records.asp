// RUN: %aspenc %s -o %t
// RUN: rm -f %t.dot
// RUN: env ASPEN_DUMP=%t.dot sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s < %t.dot
// RUN: dot -Tsvg %t.dot -o /dev/null
// Why is nothing moving: the source waits for an answer the sink would only
// send after the network emits, and the network's synchro-cells hold every
// record, waiting for partners that never come. The deadlock report's DOT
// file shows the network's state: records held, and in how many replicas.
#include <aspen/runtime.h>
#include <aspen/snet.h>

Declare Module Src {
  Input Queue is answer;
}
Declare Module Sink {
  Output Queue is answer;
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| [| {a, <k>}, {b, <k>} |] ! <k> ||| sink;
      sink.answer ||| src.answer;
  }
}

Module Src {
  void run() {
    for (long k = 0; k < 40; ++k) {
      auto *r = new aspen::snet::Record();
      r->tag("k", k).field("a", k);
      send r;
    }
    dequeue(answer); // never comes
  }
}

Module Sink {
  void run() {
    QueueElement q = dequeue(); // nothing leaves the network
    send q on answer;
  }
}
// OUT: aspen: error: deadlock
// OUT: 'net#1' waits in dequeue on its default input queue, which is empty
// OUT-NEXT: S-Net: 0 records at boxes and cells,
// OUT-NEXT: synchro-cell [| {a, <k>}, {b, <k>} |]: 40 records held in 40 replicas
// OUT: exit status 3
// CHECK: digraph aspen {
// CHECK: S-Net: 0 records at boxes and cells, {{[0-9]+}} helpers ({{[0-9]+}} idle)\nsynchro-cell [| {a, <k>}, {b, <k>} |]: 40 records held in 40 replicas
