// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// A collective declared in a sub-root exists once per element (named with
// its prefix), and a reduce in the main root may deliver to a sub-root,
// which means to what its Input feeds (here w[0] only). 'p.out ||| g' zips
// p[i] with g[i].
Module Main is Root requires Module Src, Module Group, Module Reduce {
  void initialize() {
    Src p[2];
    Group g[2];
    Reduce total;
    flow:
      p ||| total(sum) ||| g[1];
      p.out ||| g;
  }
}
Module Group is Root requires Module W, Module Reduce {
  void initialize() {
    W w[2];
    Reduce r;
    flow:
      Input ||| w[0];
      w ||| r(max);
  }
}
Declare Module Src {
  Output:
    Output Queue is out;
}
Module Src { void run() { send 1; send 2 on out; } }
Module W { void run() { send dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action outputs(out) sends
// CHECK-NEXT:  Module W action sends dequeues
// CHECK-NEXT:  Instance #0 p[0] : Src [0 of 2]
// CHECK-NEXT:  Instance #1 p[1] : Src [1 of 2]
// CHECK-NEXT:  Instance #2 g[0].w[0] : W [0 of 2]
// CHECK-NEXT:  Instance #3 g[0].w[1] : W [1 of 2]
// CHECK-NEXT:  Instance #4 g[1].w[0] : W [0 of 2]
// CHECK-NEXT:  Instance #5 g[1].w[1] : W [1 of 2]
// CHECK-NEXT:  Edge p[0].out -> g[0].w[0]
// CHECK-NEXT:  Edge p[1].out -> g[1].w[0]
// CHECK-NEXT:  Reduce g[0].r op max all-reduce
// CHECK-NEXT:    Source g[0].w[0]
// CHECK-NEXT:    Source g[0].w[1]
// CHECK-NEXT:    Receiver g[0].w[0]
// CHECK-NEXT:    Receiver g[0].w[1]
// CHECK-NEXT:  Reduce g[1].r op max all-reduce
// CHECK-NEXT:    Source g[1].w[0]
// CHECK-NEXT:    Source g[1].w[1]
// CHECK-NEXT:    Receiver g[1].w[0]
// CHECK-NEXT:    Receiver g[1].w[1]
// CHECK-NEXT:  Reduce total op sum
// CHECK-NEXT:    Source p[0]
// CHECK-NEXT:    Source p[1]
// CHECK-NEXT:    Receiver g[1].w[0]
// CHECK-NOT:{{.}}
