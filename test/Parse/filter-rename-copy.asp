// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Renaming and copying fields, and splitting one record into several.
net Rename connect [ {a} -> {b = a} ];
net Copy connect [ {a} -> {a, b = a} ];
net Split connect [ {R, G, B} -> {R}; {G}; {B} ];
net Empty connect [ {a} -> {} ];

// CHECK:TranslationUnit {{.*}}filter-rename-copy.asp
// CHECK-NEXT:  NetDecl Rename <3:1-3:38>
// CHECK-NEXT:    Filter [{a} -> {b=a}] <3:20-3:37>
// CHECK-NEXT:  NetDecl Copy <4:1-4:39>
// CHECK-NEXT:    Filter [{a} -> {a, b=a}] <4:18-4:38>
// CHECK-NEXT:  NetDecl Split <5:1-5:49>
// CHECK-NEXT:    Filter [{R, G, B} -> {R}; {G}; {B}] <5:19-5:48>
// CHECK-NEXT:  NetDecl Empty <6:1-6:32>
// CHECK-NEXT:    Filter [{a} -> {}] <6:19-6:31>
