// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Star: the exit pattern may carry tags and a guard.
net S1 connect A * {x};
net S2 connect A * {x, <done>};
net S3 connect A * {<n>} if (n >= 10);

// CHECK:TranslationUnit {{.*}}net-star.asp
// CHECK-NEXT:  NetDecl S1 <3:1-3:23>
// CHECK-NEXT:    Star exit {x} <3:16-3:22>
// CHECK-NEXT:      Ref A <3:16-3:16>
// CHECK-NEXT:  NetDecl S2 <4:1-4:31>
// CHECK-NEXT:    Star exit {x, <done>} <4:16-4:30>
// CHECK-NEXT:      Ref A <4:16-4:16>
// CHECK-NEXT:  NetDecl S3 <5:1-5:38>
// CHECK-NEXT:    Star exit {<n>} if (n >= 10) <5:16-5:37>
// CHECK-NEXT:      Ref A <5:16-5:16>
