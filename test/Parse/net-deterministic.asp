// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// S-Net's deterministic combinators: `||`, `**` and `!!` are the forms of
// `|`, `*` and `!` that keep the order of the records they merge.
net P connect A || B || C;
net S connect A ** {<done>};
net T connect A !! <k>;

// CHECK:TranslationUnit {{.*}}net-deterministic.asp
// CHECK-NEXT:  NetDecl P <4:1-4:26>
// CHECK-NEXT:    Parallel deterministic <4:15-4:25>
// CHECK-NEXT:      Ref A <4:15-4:15>
// CHECK-NEXT:      Ref B <4:20-4:20>
// CHECK-NEXT:      Ref C <4:25-4:25>
// CHECK-NEXT:  NetDecl S <5:1-5:28>
// CHECK-NEXT:    Star deterministic exit {<done>} <5:15-5:27>
// CHECK-NEXT:      Ref A <5:15-5:15>
// CHECK-NEXT:  NetDecl T <6:1-6:23>
// CHECK-NEXT:    Split deterministic <k> <6:15-6:22>
// CHECK-NEXT:      Ref A <6:15-6:15>
