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
