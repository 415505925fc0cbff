// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// The empty record type '{}' is a valid input and output type.
Module Tick is Box ({} -> {}) { void box() {} }
Module Start is Box ({} -> {x, <n>} | {}) { }

// CHECK:TranslationUnit {{.*}}box-empty-record.asp
// CHECK-NEXT:  BoxModuleDecl Tick ({} -> {}) <3:1-3:47>
// CHECK-NEXT:    Cxx " void box() {} " <3:32-3:46>
// CHECK-NEXT:  BoxModuleDecl Start ({} -> {x, <n>} | {}) <4:1-4:45>
// CHECK-NEXT:    Cxx " " <4:44-4:44>
