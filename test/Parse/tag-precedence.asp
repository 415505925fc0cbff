// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Tag expressions use C precedence and associativity; the dump brackets each
// binary node.
net T connect [ {<a>, <b>, <c>} -> {
  <p = a + b * c>,
  <q = (a + b) * c>,
  <r = a - b - c>,
  <s = a / b % c>,
  <t = a < b == c >= 1>,
  <u = a || b && c>,
  <v = -a - !b>,
  <w = a != b && b <= c>
} ];

// CHECK:TranslationUnit {{.*}}tag-precedence.asp
// CHECK-NEXT:  NetDecl T <4:1-13:4>
// CHECK-NEXT:    Filter [{<a>, <b>, <c>} -> {<p=(a + (b * c))>, <q=((a + b) * c)>, <r=((a - b) - c)>, <s=((a / b) % c)>, <t=((a < b) == (c >= 1))>, <u=(a || (b && c))>, <v=(-a - !b)>, <w=((a != b) && (b <= c))>}] <4:15-13:3>
