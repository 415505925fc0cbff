// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// String and character literals may hold brackets, quotes and extension words.
Module Text {
  const char *a = "} send x; \" { (";
  const char *b = "'}'", *c = "\\";
  char d = '}', e = '\'', f = '"', g = '{';
  void run() { send a; }
}

// CHECK:TranslationUnit {{.*}}action-literals.asp
// CHECK-NEXT:  ActionModuleDecl Text <3:1-8:1>
// CHECK-NEXT:    Cxx "\n  const char *a = \"} send x; \\\" { (\";\n  const char *b = \"'}'\", *c = \"\\\\\";\n  char d = '}', e = '\\'', f = '\"', g = '{';\n  void run() { " <3:14-7:15>
// CHECK-NEXT:    Send <7:16-7:22>
// CHECK-NEXT:      Cxx "a" <7:21-7:21>
// CHECK-NEXT:    Cxx " }\n" <7:23-7:25>

// A root module that passes what Text sends to a sink makes the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Text, Module Sink {
  void initialize() {
    Text t;
    Sink s;
    flow:
      t ||| s;
  }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <20:1-27:1>
// CHECK-NEXT:    Requires Text <20:37-20:40>
// CHECK-NEXT:    Requires Sink <20:50-20:53>
// CHECK-NEXT:    Initialize <21:3-26:3>
// CHECK-NEXT:      InstanceDecl Text <22:5-22:11>
// CHECK-NEXT:        Declarator t <22:10-22:10>
// CHECK-NEXT:      InstanceDecl Sink <23:5-23:11>
// CHECK-NEXT:        Declarator s <23:10-23:10>
// CHECK-NEXT:      FlowLabel <24:5-24:9>
// CHECK-NEXT:      FlowStmt <25:7-25:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref t <25:7-25:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <25:13-25:13>
// CHECK-NEXT:  ActionModuleDecl Sink <29:1-31:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <29:14-30:32>
// CHECK-NEXT:    Dequeue <30:33-30:41>
// CHECK-NEXT:    Cxx "; }\n" <30:42-30:45>
