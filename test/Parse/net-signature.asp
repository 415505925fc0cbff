// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A net with a signature and local net definitions, nested two deep.
net Outer ({a} -> {b} | {c}) {
  net Inner ({a} -> {a}) {
    net Leaf connect A * {a};
  } connect Leaf .. Leaf;
  net Other connect B;
} connect Inner .. Other;

// CHECK:TranslationUnit {{.*}}net-signature.asp
// CHECK-NEXT:  NetDecl Outer ({a} -> {b} | {c}) <3:1-8:25>
// CHECK-NEXT:    NetDecl Inner ({a} -> {a}) <4:3-6:25>
// CHECK-NEXT:      NetDecl Leaf <5:5-5:29>
// CHECK-NEXT:        Star exit {a} <5:22-5:28>
// CHECK-NEXT:          Ref A <5:22-5:22>
// CHECK-NEXT:      Serial <6:13-6:24>
// CHECK-NEXT:        Ref Leaf <6:13-6:16>
// CHECK-NEXT:        Ref Leaf <6:21-6:24>
// CHECK-NEXT:    NetDecl Other <7:3-7:22>
// CHECK-NEXT:      Ref B <7:21-7:21>
// CHECK-NEXT:    Serial <8:11-8:24>
// CHECK-NEXT:      Ref Inner <8:11-8:15>
// CHECK-NEXT:      Ref Other <8:20-8:24>
