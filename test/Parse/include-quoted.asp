// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A quoted #include is decoded into its path; a trailing comment is allowed.
#include "chemistry.h"
#include "sub/dir/payload.hpp" // payload types
#include"tight.h"

net N connect A;

// CHECK:TranslationUnit {{.*}}include-quoted.asp
// CHECK-NEXT:  DirectiveDecl include "chemistry.h" <3:1-3:22>
// CHECK-NEXT:  DirectiveDecl include "sub/dir/payload.hpp" <4:1-4:47>
// CHECK-NEXT:  DirectiveDecl include "tight.h" <5:1-5:17>
// CHECK-NEXT:  NetDecl N <7:1-7:16>
// CHECK-NEXT:    Ref A <7:15-7:15>
