// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Angled includes, with spaces and tabs between '#', 'include' and the path.
#include <vector>
#  include   <sys/types.h>
#	include	<map> /* ordered */

net N connect A;

// CHECK:TranslationUnit {{.*}}include-angled.asp
// CHECK-NEXT:  DirectiveDecl include <vector> <3:1-3:17>
// CHECK-NEXT:  DirectiveDecl include <sys/types.h> <4:1-4:26>
// CHECK-NEXT:  DirectiveDecl include <map> <5:1-5:29>
// CHECK-NEXT:  NetDecl N <7:1-7:16>
// CHECK-NEXT:    Ref A <7:15-7:15>
