// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Raw strings end only at ')delim"', whatever they contain before that.
Module Raw {
  const char *a = R"(no delim } { )";
  const char *b = R"xx(a )" ) )x" } ])xx";
  const char *c = u8R"--(send x;)--";
  const wchar_t *d = LR"(")";
  const char *e = R"(multi
line } {
)";
  void run() { send a; }
}

// CHECK:TranslationUnit {{.*}}action-raw-strings.asp
// CHECK-NEXT:  ActionModuleDecl Raw <3:1-12:1>
// CHECK-NEXT:    Cxx "\n  const char *a = R\"(no delim } { )\";\n  const char *b = R\"xx(a )\" ) )x\" } ])xx\";\n  const char *c = u8R\"--(send x;)--\";\n  const wchar_t *d = LR\"(\")\";\n  const char *e = R\"(multi\nline } {\n)\";\n  void run() { " <3:13-11:15>
// CHECK-NEXT:    Send <11:16-11:22>
// CHECK-NEXT:      Cxx "a" <11:21-11:21>
// CHECK-NEXT:    Cxx " }\n" <11:23-11:25>

// A root module that passes what Raw sends to a sink makes the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Raw, Module Sink {
  void initialize() {
    Raw r;
    Sink s;
    flow:
      r ||| s;
  }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <24:1-31:1>
// CHECK-NEXT:    Requires Raw <24:37-24:39>
// CHECK-NEXT:    Requires Sink <24:49-24:52>
// CHECK-NEXT:    Initialize <25:3-30:3>
// CHECK-NEXT:      InstanceDecl Raw <26:5-26:10>
// CHECK-NEXT:        Declarator r <26:9-26:9>
// CHECK-NEXT:      InstanceDecl Sink <27:5-27:11>
// CHECK-NEXT:        Declarator s <27:10-27:10>
// CHECK-NEXT:      FlowLabel <28:5-28:9>
// CHECK-NEXT:      FlowStmt <29:7-29:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref r <29:7-29:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <29:13-29:13>
// CHECK-NEXT:  ActionModuleDecl Sink <33:1-35:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <33:14-34:32>
// CHECK-NEXT:    Dequeue <34:33-34:41>
// CHECK-NEXT:    Cxx "; }\n" <34:42-34:45>
