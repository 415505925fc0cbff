// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// An all-reduce whose participants are sub-root instances: s[i] contributes
// what reaches its Output, and gets the result on its default input queue,
// its Input, which feeds its one worker. So after splicing, the participants
// and the receivers are both s[0].w and s[1].w.
Module Main is Root requires Module Stage, Module Reduce {
  void initialize() {
    Stage s[2];
    Reduce r;
    flow:
      s ||| r(sum);
  }
}
Module Stage is Root requires Module W {
  void initialize() {
    W w;
    flow:
      Input ||| w ||| Output;
  }
}
Module W { void run() { send dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module W action sends dequeues
// CHECK-NEXT:  Instance #0 s[0].w : W
// CHECK-NEXT:  Instance #1 s[1].w : W
// CHECK-NEXT:  Reduce r op sum all-reduce
// CHECK-NEXT:    Source s[0].w
// CHECK-NEXT:    Source s[1].w
// CHECK-NEXT:    Receiver s[0].w
// CHECK-NEXT:    Receiver s[1].w
// CHECK-NOT:{{.}}
