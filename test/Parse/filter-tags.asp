// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Tag arithmetic in filter outputs, and a guard on the filter pattern.
net Count connect [ {a, <t>} if (t > 0) -> {b = a}; {a, <u = t + 1>} ];
net Keep connect [ {<n>} -> {<n>, <m = n * 2>, <z = 0>} ];

// CHECK:TranslationUnit {{.*}}filter-tags.asp
// CHECK-NEXT:  NetDecl Count <3:1-3:71>
// CHECK-NEXT:    Filter [{a, <t>} if (t > 0) -> {b=a}; {a, <u=(t + 1)>}] <3:19-3:70>
// CHECK-NEXT:  NetDecl Keep <4:1-4:58>
// CHECK-NEXT:    Filter [{<n>} -> {<n>, <m=(n * 2)>, <z=0>}] <4:18-4:57>
