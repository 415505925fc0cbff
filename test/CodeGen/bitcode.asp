// RUN: %aspenc -c -emit-llvm %s -o %t.bc
// RUN: file %t.bc | FileCheck %s --check-prefix=FILE
// RUN: llvm-dis %t.bc -o - | FileCheck %s
// -c -emit-llvm writes bitcode of the whole program: the modules' code and
// main(), in one LLVM module whose source is named after the root.
#include <aspen/runtime.h>

Module Prog is Root requires Module Only {
  void initialize() {
    Only o[2];
    flow:
      o[0] ||| o[1];
  }
}

Module Only {
  void run() {
    if (instanceIndex() == 0)
      send QueueElement();
    else
      dequeue();
  }
}
// FILE: LLVM IR bitcode
// CHECK: source_filename = "{{.*}}Prog.modules.cpp"
// CHECK-DAG: target triple = "x86_64-
// CHECK-DAG: @aspen.edges = private constant [4 x i32] [i32 0, i32 0, i32 1, i32 0]
// CHECK-DAG: define {{.*}}ptr @aspen_new_Only()
// CHECK-DAG: define {{.*}}void @_ZN16AspenModule_Only3runEv(
// CHECK-DAG: define i32 @main(i32 %0, ptr %1)
// CHECK-DAG: call i32 @aspen_rt_add_instances(i32 %{{[0-9]+}}, ptr {{(nonnull )?}}{{.*}}@aspen.strings{{.*}}, i32 2, i32 1)
