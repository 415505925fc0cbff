// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Pinning several instances, a slice among them, to a hostfile node by name.
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W p[4];
    Reduce r;
    place p[0:1] on node0;
    place p[2], p[3] on node1;
    flow:
      p ||| r(sum);
  }
}

// CHECK:TranslationUnit {{.*}}place-node-name.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-12:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Requires Reduce <3:47-3:52>
// CHECK-NEXT:    Initialize <4:3-11:3>
// CHECK-NEXT:      InstanceDecl W <5:5-5:11>
// CHECK-NEXT:        Declarator p[4] <5:7-5:10>
// CHECK-NEXT:      InstanceDecl Reduce <6:5-6:13>
// CHECK-NEXT:        Declarator r <6:12-6:12>
// CHECK-NEXT:      PlaceStmt on node 'node0' <7:5-7:26>
// CHECK-NEXT:        Ref p[0:1] <7:11-7:16>
// CHECK-NEXT:      PlaceStmt on node 'node1' <8:5-8:30>
// CHECK-NEXT:        Ref p[2] <8:11-8:14>
// CHECK-NEXT:        Ref p[3] <8:17-8:20>
// CHECK-NEXT:      FlowLabel <9:5-9:9>
// CHECK-NEXT:      FlowStmt <10:7-10:19>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <10:7-10:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective r(sum) <10:13-10:18>

// W completes the program: every p[i] contributes to the all-reduce r and
// receives the sum. Only module instances can be placed, so r is not.
// RUN: %aspenc --fsyntax-only %s
Module W {
  void run() {
    send new ArrayPayload<int>(1);
    QueueElement sum = dequeue();
  }
}

// CHECK-NEXT:  ActionModuleDecl W <38:1-43:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    " <38:11-40:4>
// CHECK-NEXT:    Send <40:5-40:34>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <40:10-40:33>
// CHECK-NEXT:    Cxx "\n    QueueElement sum = " <40:35-41:23>
// CHECK-NEXT:    Dequeue <41:24-41:32>
// CHECK-NEXT:    Cxx ";\n  }\n" <41:33-42:4>
