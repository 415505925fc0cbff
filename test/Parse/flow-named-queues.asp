// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Named queues on the sending and the receiving side, on single instances,
// elements and slices.
Module Main is Root requires Module W {
  void initialize() {
    W p[4], q;
    flow:
      p.outQueue1 ||| q;
      q ||| p[0].inQueue2;
      p[1:2].outQueue1 ||| q.in;
      p[3].errors ||| q.log;
  }
}

// CHECK:TranslationUnit {{.*}}flow-named-queues.asp
// CHECK-NEXT:  RootModuleDecl Main <4:1-13:1>
// CHECK-NEXT:    Requires W <4:37-4:37>
// CHECK-NEXT:    Initialize <5:3-12:3>
// CHECK-NEXT:      InstanceDecl W <6:5-6:14>
// CHECK-NEXT:        Declarator p[4] <6:7-6:10>
// CHECK-NEXT:        Declarator q <6:13-6:13>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:24>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p.outQueue1 <8:7-8:17>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q <8:23-8:23>
// CHECK-NEXT:      FlowStmt <9:7-9:26>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q <9:7-9:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[0].inQueue2 <9:13-9:25>
// CHECK-NEXT:      FlowStmt <10:7-10:32>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[1:2].outQueue1 <10:7-10:22>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q.in <10:28-10:31>
// CHECK-NEXT:      FlowStmt <11:7-11:28>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[3].errors <11:7-11:17>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q.log <11:23-11:27>
