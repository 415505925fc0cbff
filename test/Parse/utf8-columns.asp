// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Columns count code points, so non-ASCII text in comments and strings before
// a construct does not shift its location.
net N /* π → ∑ */ connect A .. B;
Module M { /* café */ void run() { const char *s = "→ ü 😀"; send s; } }

// CHECK:TranslationUnit {{.*}}utf8-columns.asp
// CHECK-NEXT:  NetDecl N <4:1-4:33>
// CHECK-NEXT:    Serial <4:27-4:32>
// CHECK-NEXT:      Ref A <4:27-4:27>
// CHECK-NEXT:      Ref B <4:32-4:32>
// CHECK-NEXT:  ActionModuleDecl M <5:1-5:71>
// CHECK-NEXT:    Cxx " /* café */ void run() { const char *s = \"→ ü 😀\"; " <5:11-5:60>
// CHECK-NEXT:    Send <5:61-5:67>
// CHECK-NEXT:      Cxx "s" <5:66-5:66>
// CHECK-NEXT:    Cxx " } " <5:68-5:70>

// The boxes A and B, and a root module that passes what M sends through the
// net N to a sink, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module A is Box ({s} -> {t}) {
  void box(const char *s) { emit<1>(s); }
}

Module B is Box ({t} -> {u}) {
  void box(const char *t) { emit<1>(t); }
}

Module Main is Root requires Module M, Module Sink {
  void initialize() {
    M m;
    Sink k;
    flow:
      m ||| N ||| k;
  }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl A ({s} -> {t}) <21:1-23:1>
// CHECK-NEXT:    Cxx "\n  void box(const char *s) { emit<1>(s); }\n" <21:31-22:42>
// CHECK-NEXT:  BoxModuleDecl B ({t} -> {u}) <25:1-27:1>
// CHECK-NEXT:    Cxx "\n  void box(const char *t) { emit<1>(t); }\n" <25:31-26:42>
// CHECK-NEXT:  RootModuleDecl Main <29:1-36:1>
// CHECK-NEXT:    Requires M <29:37-29:37>
// CHECK-NEXT:    Requires Sink <29:47-29:50>
// CHECK-NEXT:    Initialize <30:3-35:3>
// CHECK-NEXT:      InstanceDecl M <31:5-31:8>
// CHECK-NEXT:        Declarator m <31:7-31:7>
// CHECK-NEXT:      InstanceDecl Sink <32:5-32:11>
// CHECK-NEXT:        Declarator k <32:10-32:10>
// CHECK-NEXT:      FlowLabel <33:5-33:9>
// CHECK-NEXT:      FlowStmt <34:7-34:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref m <34:7-34:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref N <34:13-34:13>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <34:19-34:19>
// CHECK-NEXT:  ActionModuleDecl Sink <38:1-40:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <38:14-39:32>
// CHECK-NEXT:    Dequeue <39:33-39:41>
// CHECK-NEXT:    Cxx "; }\n" <39:42-39:45>
