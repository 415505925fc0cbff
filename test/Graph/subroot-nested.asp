// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s | grep -c ' Edge ' | FileCheck %s --check-prefix=EDGES
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// Sub-roots two levels deep: each Outer chains its two Inner elements, each
// Inner wraps one W. After splicing, only W instances remain, named by
// their whole path, and each o[k] is a chain src -> i[0].w -> i[1].w -> sink.
Module Main is Root requires Module Src, Module Outer, Module Sink {
  void initialize() {
    Src src;
    Outer o[2];
    Sink sink;
    flow:
      src ||| o ||| sink;
  }
}
Module Outer is Root requires Module Inner {
  void initialize() {
    Inner i[2];
    flow:
      Input ||| i[0] ||| i[1] ||| Output;
  }
}
Module Inner is Root requires Module W {
  void initialize() {
    W w;
    flow:
      Input ||| w ||| Output;
  }
}
Module Src { void run() { send 1; } }
Module W { void run() { send dequeue(); } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module W action sends dequeues
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 src : Src
// CHECK-NEXT:  Instance #1 o[0].i[0].w : W
// CHECK-NEXT:  Instance #2 o[0].i[1].w : W
// CHECK-NEXT:  Instance #3 o[1].i[0].w : W
// CHECK-NEXT:  Instance #4 o[1].i[1].w : W
// CHECK-NEXT:  Instance #5 sink : Sink
// CHECK-DAG:  Edge src -> o[0].i[0].w
// CHECK-DAG:  Edge o[0].i[0].w -> o[0].i[1].w
// CHECK-DAG:  Edge o[0].i[1].w -> sink
// CHECK-DAG:  Edge src -> o[1].i[0].w
// CHECK-DAG:  Edge o[1].i[0].w -> o[1].i[1].w
// CHECK-DAG:  Edge o[1].i[1].w -> sink
// CHECK-NOT:{{.*(Input|Output|Reduce|Broadcast|Network).*}}
// EDGES:6
