// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Serial '..' and parallel '|' chains each make one node with all operands.
net S connect A .. B .. C;
net P connect A | B | C;

// CHECK:TranslationUnit {{.*}}net-serial-parallel.asp
// CHECK-NEXT:  NetDecl S <3:1-3:26>
// CHECK-NEXT:    Serial <3:15-3:25>
// CHECK-NEXT:      Ref A <3:15-3:15>
// CHECK-NEXT:      Ref B <3:20-3:20>
// CHECK-NEXT:      Ref C <3:25-3:25>
// CHECK-NEXT:  NetDecl P <4:1-4:24>
// CHECK-NEXT:    Parallel <4:15-4:23>
// CHECK-NEXT:      Ref A <4:15-4:15>
// CHECK-NEXT:      Ref B <4:19-4:19>
// CHECK-NEXT:      Ref C <4:23-4:23>
