// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// '?:' binds loosest and groups to the right.
net T connect [ {<a>, <b>, <c>} -> {
  <x = a ? b : c>,
  <y = a ? b : c ? 1 : 2>,
  <z = a || b ? a + 1 : (b ? 2 : 3)>
} ];

// CHECK:TranslationUnit {{.*}}tag-conditional.asp
// CHECK-NEXT:  NetDecl T <3:1-7:4>
// CHECK-NEXT:    Filter [{<a>, <b>, <c>} -> {<x=(a ? b : c)>, <y=(a ? b : (c ? 1 : 2))>, <z=((a || b) ? (a + 1) : (b ? 2 : 3))>}] <3:15-7:3>
