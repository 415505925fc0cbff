// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Postfix combinators apply left to right, so the last one is outermost.
net P connect C ! <t> \ {y} * {<z>} if (z > 0);
net Q connect A * {x} * {y};

// CHECK:TranslationUnit {{.*}}net-postfix-chain.asp
// CHECK-NEXT:  NetDecl P <3:1-3:47>
// CHECK-NEXT:    Star exit {<z>} if (z > 0) <3:15-3:46>
// CHECK-NEXT:      Feedback back {y} <3:15-3:27>
// CHECK-NEXT:        Split <t> <3:15-3:21>
// CHECK-NEXT:          Ref C <3:15-3:15>
// CHECK-NEXT:  NetDecl Q <4:1-4:28>
// CHECK-NEXT:    Star exit {y} <4:15-4:27>
// CHECK-NEXT:      Star exit {x} <4:15-4:21>
// CHECK-NEXT:        Ref A <4:15-4:15>
