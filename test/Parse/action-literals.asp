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
