// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Preprocessor lines inside a body are copied verbatim; a bracket inside
// a directive does not count towards nesting.
Module Pre {
#if defined(USE_FAST_PATH)
  static constexpr int Fast = 1;
#else
  static constexpr int Fast = 0;
#endif
#define OPEN_SCOPE {
#define CLOSE_SCOPE }
  void run() { send x; }
}

// CHECK:TranslationUnit {{.*}}action-preprocessor.asp
// CHECK-NEXT:  ActionModuleDecl Pre <4:1-13:1>
// CHECK-NEXT:    Cxx "\n#if defined(USE_FAST_PATH)\n  static constexpr int Fast = 1;\n#else\n  static constexpr int Fast = 0;\n#endif\n#define OPEN_SCOPE {\n#define CLOSE_SCOPE }\n  void run() { " <4:13-12:15>
// CHECK-NEXT:    Send <12:16-12:22>
// CHECK-NEXT:      Cxx "x" <12:21-12:21>
// CHECK-NEXT:    Cxx " }\n" <12:23-12:25>

// A root module that passes what Pre sends to a sink makes the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Pre, Module Sink {
  void initialize() {
    Pre p;
    Sink s;
    flow:
      p ||| s;
  }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <25:1-32:1>
// CHECK-NEXT:    Requires Pre <25:37-25:39>
// CHECK-NEXT:    Requires Sink <25:49-25:52>
// CHECK-NEXT:    Initialize <26:3-31:3>
// CHECK-NEXT:      InstanceDecl Pre <27:5-27:10>
// CHECK-NEXT:        Declarator p <27:9-27:9>
// CHECK-NEXT:      InstanceDecl Sink <28:5-28:11>
// CHECK-NEXT:        Declarator s <28:10-28:10>
// CHECK-NEXT:      FlowLabel <29:5-29:9>
// CHECK-NEXT:      FlowStmt <30:7-30:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <30:7-30:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <30:13-30:13>
// CHECK-NEXT:  ActionModuleDecl Sink <34:1-36:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <34:14-35:32>
// CHECK-NEXT:    Dequeue <35:33-35:41>
// CHECK-NEXT:    Cxx "; }\n" <35:42-35:45>
