// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A named net without a signature.
net Twice connect Inc .. Inc;
net Single connect Box1;

// CHECK:TranslationUnit {{.*}}net-plain.asp
// CHECK-NEXT:  NetDecl Twice <3:1-3:29>
// CHECK-NEXT:    Serial <3:19-3:28>
// CHECK-NEXT:      Ref Inc <3:19-3:21>
// CHECK-NEXT:      Ref Inc <3:26-3:28>
// CHECK-NEXT:  NetDecl Single <4:1-4:24>
// CHECK-NEXT:    Ref Box1 <4:20-4:23>
