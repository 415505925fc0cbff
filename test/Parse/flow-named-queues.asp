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

// W with the queues the flows name completes the program. Not every instance
// has each of its named queues connected, and -w silences the warnings about
// them.
// RUN: %aspenc --fsyntax-only -w %s
Declare Module W {
  Input Queue is inQueue2, in, log;
  Output Queue is outQueue1, errors;
}

Module W {
  void run() {}
}

// CHECK-NEXT:  DeclareModuleDecl W <48:1-51:1>
// CHECK-NEXT:    InputQueue inQueue2 <49:18-49:25>
// CHECK-NEXT:    InputQueue in <49:28-49:29>
// CHECK-NEXT:    InputQueue log <49:32-49:34>
// CHECK-NEXT:    OutputQueue outQueue1 <50:19-50:27>
// CHECK-NEXT:    OutputQueue errors <50:30-50:35>
// CHECK-NEXT:  ActionModuleDecl W <53:1-55:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <53:11-54:16>
