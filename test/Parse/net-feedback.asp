// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Feedback sends records that match the pattern back to the entry.
net Loop connect Step \ {x, <iter>};
net Guarded connect Step \ {<iter>} if (iter < 100);

// CHECK:TranslationUnit {{.*}}net-feedback.asp
// CHECK-NEXT:  NetDecl Loop <3:1-3:36>
// CHECK-NEXT:    Feedback back {x, <iter>} <3:18-3:35>
// CHECK-NEXT:      Ref Step <3:18-3:21>
// CHECK-NEXT:  NetDecl Guarded <4:1-4:52>
// CHECK-NEXT:    Feedback back {<iter>} if (iter < 100) <4:21-4:51>
// CHECK-NEXT:      Ref Step <4:21-4:24>
