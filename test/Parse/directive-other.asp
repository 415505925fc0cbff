// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Directives other than #include are kept verbatim, continuation lines
// included; #include_next is not decoded as an include.
#define SCALE 4
#pragma once
#include_next <limits.h>
#define TWICE(x) \
  ((x) + (x))
#if defined(USE_MPI)
#endif

net N connect A;

// CHECK:TranslationUnit {{.*}}directive-other.asp
// CHECK-NEXT:  DirectiveDecl "#define SCALE 4" <4:1-4:15>
// CHECK-NEXT:  DirectiveDecl "#pragma once" <5:1-5:12>
// CHECK-NEXT:  DirectiveDecl "#include_next <limits.h>" <6:1-6:24>
// CHECK-NEXT:  DirectiveDecl "#define TWICE(x) \\\n  ((x) + (x))" <7:1-8:13>
// CHECK-NEXT:  DirectiveDecl "#if defined(USE_MPI)" <9:1-9:20>
// CHECK-NEXT:  DirectiveDecl "#endif" <10:1-10:6>
// CHECK-NEXT:  NetDecl N <12:1-12:16>
// CHECK-NEXT:    Ref A <12:15-12:15>
