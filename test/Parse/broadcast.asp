// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Broadcast declared as an instance, and written in place.
Module Main is Root requires Module W, Module Broadcast {
  void initialize() {
    W src, p[4], tap;
    Broadcast b;
    flow:
      src ||| b() ||| p;
      tap ||| Broadcast() ||| p[0:1], p[3];
  }
}

// CHECK:TranslationUnit {{.*}}broadcast.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-11:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Requires Broadcast <3:47-3:55>
// CHECK-NEXT:    Initialize <4:3-10:3>
// CHECK-NEXT:      InstanceDecl W <5:5-5:21>
// CHECK-NEXT:        Declarator src <5:7-5:9>
// CHECK-NEXT:        Declarator p[4] <5:12-5:15>
// CHECK-NEXT:        Declarator tap <5:18-5:20>
// CHECK-NEXT:      InstanceDecl Broadcast <6:5-6:16>
// CHECK-NEXT:        Declarator b <6:15-6:15>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:24>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref src <8:7-8:9>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective b() <8:15-8:17>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <8:23-8:23>
// CHECK-NEXT:      FlowStmt <9:7-9:43>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref tap <9:7-9:9>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective Broadcast() <9:15-9:25>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[0:1] <9:31-9:36>
// CHECK-NEXT:          Ref p[3] <9:39-9:42>

// An output queue that feeds a collective feeds nothing else, so the inline
// broadcast has a source of its own, tap. W completes the program; the
// broadcasts need nothing of its body.
// RUN: %aspenc --fsyntax-only %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <45:1-47:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <45:11-46:16>
