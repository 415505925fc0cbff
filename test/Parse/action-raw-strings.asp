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
