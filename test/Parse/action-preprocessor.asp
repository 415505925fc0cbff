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
