// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// '..' binds loosest, then '|', then the postfix combinators; parentheses
// override.
net A1 connect A .. B | C;
net A2 connect A | B .. C | D;
net A3 connect A | B * {x};
net A4 connect (A | B) * {x};
net A5 connect (A .. B) | C;
// The example of docs/language.md 6.3: (A | B) .. ((C * {<x>}) | D).
net A6 connect A | B .. C * {<x>} | D;

// CHECK:TranslationUnit {{.*}}net-precedence.asp
// CHECK-NEXT:  NetDecl A1 <4:1-4:26>
// CHECK-NEXT:    Serial <4:16-4:25>
// CHECK-NEXT:      Ref A <4:16-4:16>
// CHECK-NEXT:      Parallel <4:21-4:25>
// CHECK-NEXT:        Ref B <4:21-4:21>
// CHECK-NEXT:        Ref C <4:25-4:25>
// CHECK-NEXT:  NetDecl A2 <5:1-5:30>
// CHECK-NEXT:    Serial <5:16-5:29>
// CHECK-NEXT:      Parallel <5:16-5:20>
// CHECK-NEXT:        Ref A <5:16-5:16>
// CHECK-NEXT:        Ref B <5:20-5:20>
// CHECK-NEXT:      Parallel <5:25-5:29>
// CHECK-NEXT:        Ref C <5:25-5:25>
// CHECK-NEXT:        Ref D <5:29-5:29>
// CHECK-NEXT:  NetDecl A3 <6:1-6:27>
// CHECK-NEXT:    Parallel <6:16-6:26>
// CHECK-NEXT:      Ref A <6:16-6:16>
// CHECK-NEXT:      Star exit {x} <6:20-6:26>
// CHECK-NEXT:        Ref B <6:20-6:20>
// CHECK-NEXT:  NetDecl A4 <7:1-7:29>
// CHECK-NEXT:    Star exit {x} <7:16-7:28>
// CHECK-NEXT:      Parallel <7:17-7:21>
// CHECK-NEXT:        Ref A <7:17-7:17>
// CHECK-NEXT:        Ref B <7:21-7:21>
// CHECK-NEXT:  NetDecl A5 <8:1-8:28>
// CHECK-NEXT:    Parallel <8:16-8:27>
// CHECK-NEXT:      Serial <8:17-8:22>
// CHECK-NEXT:        Ref A <8:17-8:17>
// CHECK-NEXT:        Ref B <8:22-8:22>
// CHECK-NEXT:      Ref C <8:27-8:27>
// CHECK-NEXT:  NetDecl A6 <10:1-10:38>
// CHECK-NEXT:    Serial <10:16-10:37>
// CHECK-NEXT:      Parallel <10:16-10:20>
// CHECK-NEXT:        Ref A <10:16-10:16>
// CHECK-NEXT:        Ref B <10:20-10:20>
// CHECK-NEXT:      Parallel <10:25-10:37>
// CHECK-NEXT:        Star exit {<x>} <10:25-10:33>
// CHECK-NEXT:          Ref C <10:25-10:25>
// CHECK-NEXT:        Ref D <10:37-10:37>
