// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// As in C++, a backslash at the end of a '//' comment continues the comment on
// the next line, so the 'send' there is comment text, not a send statement.
Module Worker {
  void run() {
    // sending is disabled for now: \
    send x;
    count++;
  }
}

// CHECK:TranslationUnit {{.*}}action-comment-line-splice.asp
// CHECK-NEXT:  ActionModuleDecl Worker <4:1-10:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    // sending is disabled for now: \\\n    send x;\n    count++;\n  }\n" <4:16-9:4>

// A root module that uses Worker makes the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a, b;
    flow:
      a ||| b;
  }
}

// CHECK-NEXT:  RootModuleDecl Main <18:1-24:1>
// CHECK-NEXT:    Requires Worker <18:37-18:42>
// CHECK-NEXT:    Initialize <19:3-23:3>
// CHECK-NEXT:      InstanceDecl Worker <20:5-20:16>
// CHECK-NEXT:        Declarator a <20:12-20:12>
// CHECK-NEXT:        Declarator b <20:15-20:15>
// CHECK-NEXT:      FlowLabel <21:5-21:9>
// CHECK-NEXT:      FlowStmt <22:7-22:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref a <22:7-22:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref b <22:13-22:13>
