// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s | grep -c ' Edge ' | FileCheck %s --check-prefix=EDGES
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// A vector of a sub-root: every element is an own copy of Stage, named
// s[i].w[j], and its Input and Output boundaries are spliced away. The
// connection rule applies to the sub-root elements, not to what is inside
// them: 'p ||| s' zips p[i] with s[i], and p[i] then feeds both workers of
// s[i]; 's ||| sink' gathers every worker.
Module Main is Root requires Module Src, Module Stage, Module Sink {
  void initialize() {
    Src p[2];
    Stage s[2];
    Sink sink;
    flow:
      p ||| s ||| sink;
  }
}
Module Stage is Root requires Module W {
  void initialize() {
    W w[2];
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
// CHECK-NEXT:  Instance #0 p[0] : Src [0 of 2]
// CHECK-NEXT:  Instance #1 p[1] : Src [1 of 2]
// CHECK-NEXT:  Instance #2 s[0].w[0] : W [0 of 2]
// CHECK-NEXT:  Instance #3 s[0].w[1] : W [1 of 2]
// CHECK-NEXT:  Instance #4 s[1].w[0] : W [0 of 2]
// CHECK-NEXT:  Instance #5 s[1].w[1] : W [1 of 2]
// CHECK-NEXT:  Instance #6 sink : Sink
// CHECK-DAG:  Edge p[0] -> s[0].w[0]
// CHECK-DAG:  Edge p[0] -> s[0].w[1]
// CHECK-DAG:  Edge p[1] -> s[1].w[0]
// CHECK-DAG:  Edge p[1] -> s[1].w[1]
// CHECK-DAG:  Edge s[0].w[0] -> sink
// CHECK-DAG:  Edge s[0].w[1] -> sink
// CHECK-DAG:  Edge s[1].w[0] -> sink
// CHECK-DAG:  Edge s[1].w[1] -> sink
// CHECK-NOT:{{.*(Input|Output|Reduce|Broadcast|Network).*}}
// EDGES:8
