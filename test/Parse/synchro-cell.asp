// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Synchro-cells with two and three patterns; patterns may have guards.
net Pair connect [| {a}, {b} |];
net Rgb connect [|{R},{G},{B}|];
net Guarded connect [| {x, <k>} if (k == 0), {y} |];

// CHECK:TranslationUnit {{.*}}synchro-cell.asp
// CHECK-NEXT:  NetDecl Pair <3:1-3:32>
// CHECK-NEXT:    Sync [| {a}, {b} |] <3:18-3:31>
// CHECK-NEXT:  NetDecl Rgb <4:1-4:32>
// CHECK-NEXT:    Sync [| {R}, {G}, {B} |] <4:17-4:31>
// CHECK-NEXT:  NetDecl Guarded <5:1-5:52>
// CHECK-NEXT:    Sync [| {x, <k>} if (k == 0), {y} |] <5:21-5:51>
