// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'Input:' and 'Output:' labels, and queue lists separated by commas.
Declare Module Router {
  Input:
    Input Queue is data, control;
    Input Queue is config;
  Output:
    Output Queue is left, right;
}

// CHECK:TranslationUnit {{.*}}declare-queues.asp
// CHECK-NEXT:  DeclareModuleDecl Router <3:1-9:1>
// CHECK-NEXT:    InputQueue data <5:20-5:23>
// CHECK-NEXT:    InputQueue control <5:26-5:32>
// CHECK-NEXT:    InputQueue config <6:20-6:25>
// CHECK-NEXT:    OutputQueue left <8:21-8:24>
// CHECK-NEXT:    OutputQueue right <8:27-8:31>
