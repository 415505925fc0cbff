// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A net's signature as S-Net writes it: type mappings separated by ',',
// each from one or more input types separated by '|'.
net N ({a} | {b, <k>} -> {c}, {d} -> {e} | {f}) connect X;

// CHECK:TranslationUnit {{.*}}net-signature-maps.asp
// CHECK-NEXT:  NetDecl N ({a} | {b, <k>} -> {c}, {d} -> {e} | {f}) <4:1-4:58>
// CHECK-NEXT:    Ref X <4:57-4:57>
