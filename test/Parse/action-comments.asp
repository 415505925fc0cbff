// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Comments are C++ text: extension words and brackets inside them are ignored.
Module Quiet {
  // send x; dequeue(q) getPayload(y) } ) ]
  /* send y on z; {
     dequeue(); */
  void run() { send x; } // send z;
}

// CHECK:TranslationUnit {{.*}}action-comments.asp
// CHECK-NEXT:  ActionModuleDecl Quiet <3:1-8:1>
// CHECK-NEXT:    Cxx "\n  // send x; dequeue(q) getPayload(y) } ) ]\n  /* send y on z; {\n     dequeue(); */\n  void run() { " <3:15-7:15>
// CHECK-NEXT:    Send <7:16-7:22>
// CHECK-NEXT:      Cxx "x" <7:21-7:21>
// CHECK-NEXT:    Cxx " } // send z;\n" <7:23-7:36>

// A root module that passes what Quiet sends to a sink makes the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Quiet, Module Sink {
  void initialize() {
    Quiet q;
    Sink s;
    flow:
      q ||| s;
  }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <20:1-27:1>
// CHECK-NEXT:    Requires Quiet <20:37-20:41>
// CHECK-NEXT:    Requires Sink <20:51-20:54>
// CHECK-NEXT:    Initialize <21:3-26:3>
// CHECK-NEXT:      InstanceDecl Quiet <22:5-22:12>
// CHECK-NEXT:        Declarator q <22:11-22:11>
// CHECK-NEXT:      InstanceDecl Sink <23:5-23:11>
// CHECK-NEXT:        Declarator s <23:10-23:10>
// CHECK-NEXT:      FlowLabel <24:5-24:9>
// CHECK-NEXT:      FlowStmt <25:7-25:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q <25:7-25:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <25:13-25:13>
// CHECK-NEXT:  ActionModuleDecl Sink <29:1-31:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <29:14-30:32>
// CHECK-NEXT:    Dequeue <30:33-30:41>
// CHECK-NEXT:    Cxx "; }\n" <30:42-30:45>
