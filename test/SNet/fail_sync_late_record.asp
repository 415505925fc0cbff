// RUN: %aspenc %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN --allow-empty
// RUN: not %t 2>&1 | FileCheck %s
// A record that reaches a synchro-cell after it fired passes unchanged. A
// stage that rejects only such late records is a warning at compile time
// (Sema/snet-sync-late-types.asp; here the network's input type is
// inferred as {<a>, <b>}, so there is nothing to warn about), and one that
// does come is an error at run time that names the stage.
#include <aspen/runtime.h>
#include <aspen/snet.h>

// WARN-NOT: error
// CHECK: error: {{.*}}the filter at {{.*}}fail_sync_late_record.asp:[[@LINE+1]]:40 got a record of type {<a>}, which lacks labels of its pattern
net Join connect [| {<a>}, {<b>} |] .. [{<a>,<b>} -> {<s = a + b>}];

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Join ||| sink;
  }
}

Module Src {
  void run() {
    for (const char *L : {"a", "b", "a"}) {
      auto *R = new aspen::snet::Record();
      R->tag(L, 1);
      send R;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement Q = dequeue())
      (void)getPayload<aspen::snet::Record>(Q);
  }
}
