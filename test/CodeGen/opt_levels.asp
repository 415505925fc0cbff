// RUN: %aspenc -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: %aspenc -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: %aspenc -S -emit-llvm %s -o %t.default.ll
// RUN: FileCheck %s --check-prefixes=CHECK,O0 < %t.O0.ll
// RUN: FileCheck %s --check-prefixes=CHECK,O2 < %t.O2.ll
// RUN: FileCheck %s --check-prefixes=CHECK,O2 < %t.default.ll
// RUN: not %aspenc -O4 -S -emit-llvm %s -o %t.O4.ll 2>&1 | FileCheck %s --check-prefix=O4
// -O0 and -O2 build main() with the same structure; -O2 (the default)
// optimises it: tail calls, nonnull arguments, local_unnamed_addr, and in
// run() the member function is inlined and the loop folded to its value.
#include <aspen/runtime.h>

Module Main is Root requires Module A {
  void initialize() {
    A a;
    flow:
      a ||| a;
  }
}

Module A {
  int square(int x) { return x * x; }
  void run() {
    int s = 0;
    for (int i = 0; i < 100; ++i)
      s += square(i);
    send QueueElement(new ArrayPayload<int>(std::vector<int>{s}));
    dequeue();
  }
}

// O2-LABEL: define {{.*}} @_ZN13AspenModule_A3runEv(
// O2-NOT:   call {{.*}}square
// O2:       328350
// O2-NOT:   call {{.*}}square
// O2:       {{^}}}

// O0-LABEL: define i32 @main(i32 %0, ptr %1) {
// O2-LABEL: define i32 @main(i32 %0, ptr %1) local_unnamed_addr {
// O0-NEXT:  {{^  }}call void @aspen_rt_init(i32 %0, ptr %1)
// O2-NEXT:  tail call void @aspen_rt_init(i32 %0, ptr %1)
// O0-NEXT:  = call i32 @aspen_rt_add_module(ptr @aspen.strings, ptr @aspen_new_A, i32 0, ptr null, i32 0, ptr null)
// O2-NEXT:  = tail call i32 @aspen_rt_add_module(ptr nonnull @aspen.strings, ptr nonnull @aspen_new_A, i32 0, ptr null, i32 0, ptr null)
// CHECK-NEXT: call i32 @aspen_rt_add_instances(i32 %{{[0-9]+}}, ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 2), i32 1, i32 0)
// CHECK-NEXT: call void @aspen_rt_add_edges(ptr {{(nonnull )?}}@aspen.edges, i64 1)
// CHECK-NEXT: [[S:%[0-9]+]] = {{(tail )?}}call i32 @aspen_rt_run()
// CHECK-NEXT: ret i32 [[S]]

// O4: error: unknown optimization level -O4
