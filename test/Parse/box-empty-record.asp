// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// The empty record type '{}' is a valid input and output type.
Module Tick is Box ({} -> {}) { void box() {} }
Module Start is Box ({} -> {x, <n>} | {}) { }

// CHECK:TranslationUnit {{.*}}box-empty-record.asp
// CHECK-NEXT:  BoxModuleDecl Tick ({} -> {}) <3:1-3:47>
// CHECK-NEXT:    Cxx " void box() {} " <3:32-3:46>
// CHECK-NEXT:  BoxModuleDecl Start ({} -> {x, <n>} | {}) <4:1-4:45>
// CHECK-NEXT:    Cxx " " <4:44-4:44>

// A root module that runs both boxes in a network between two action modules
// makes the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| Start .. Tick ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <15:1-22:1>
// CHECK-NEXT:    Requires Source <15:37-15:42>
// CHECK-NEXT:    Requires Sink <15:52-15:55>
// CHECK-NEXT:    Initialize <16:3-21:3>
// CHECK-NEXT:      InstanceDecl Source <17:5-17:13>
// CHECK-NEXT:        Declarator s <17:12-17:12>
// CHECK-NEXT:      InstanceDecl Sink <18:5-18:11>
// CHECK-NEXT:        Declarator k <18:10-18:10>
// CHECK-NEXT:      FlowLabel <19:5-19:9>
// CHECK-NEXT:      FlowStmt <20:7-20:32>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <20:7-20:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Serial <20:13-20:25>
// CHECK-NEXT:            Ref Start <20:13-20:17>
// CHECK-NEXT:            Ref Tick <20:22-20:25>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <20:31-20:31>
// CHECK-NEXT:  ActionModuleDecl Source <24:1-26:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <24:16-25:15>
// CHECK-NEXT:    Send <25:16-25:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <25:21-25:44>
// CHECK-NEXT:    Cxx " }\n" <25:46-25:48>
// CHECK-NEXT:  ActionModuleDecl Sink <28:1-30:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <28:14-29:32>
// CHECK-NEXT:    Dequeue <29:33-29:41>
// CHECK-NEXT:    Cxx "; }\n" <29:42-29:45>
