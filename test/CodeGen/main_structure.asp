// RUN: %aspenc -S -emit-llvm %s -o - | FileCheck %s
// RUN: %aspenc -S -emit-llvm %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// main() registers every action module with its name and factory, then
// every vector or single instance with its count, then the edges, and
// hands over to the runtime, whose status it returns. The runtime's entry
// points are declared with the types of abi.def.
#include <aspen/runtime.h>

Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    const int N = 5;
    Producer p[N];
    Consumer c;
    flow:
      p ||| c;
  }
}

Module Producer {
  void run() { send QueueElement(); }
}

Module Consumer {
  void run() {
    for (int i = 0; i < instanceCount() * 5; ++i)
      dequeue();
  }
}

// Names are offsets into one table of strings, each once.
// CHECK-DAG: @aspen.strings = private unnamed_addr constant [22 x i8] c"Producer\00Consumer\00p\00c\00"
// CHECK-DAG: @aspen.edges = private constant [20 x i32] [i32 0, i32 0, i32 5, i32 0, i32 1, i32 0, i32 5, i32 0, i32 2, i32 0, i32 5, i32 0, i32 3, i32 0, i32 5, i32 0, i32 4, i32 0, i32 5, i32 0]

// CHECK-DAG: define {{.*}}ptr @aspen_new_Producer()
// CHECK-DAG: define {{.*}}ptr @aspen_new_Consumer()

// CHECK-LABEL: define i32 @main(i32 %0, ptr %1)
// CHECK-NEXT:  call void @aspen_rt_init(i32 %0, ptr %1)
// CHECK-NEXT:  [[PMOD:%[0-9a-z.]+]] = {{(tail )?}}call i32 @aspen_rt_add_module(ptr {{(nonnull )?}}@aspen.strings, ptr {{(nonnull )?}}@aspen_new_Producer, i32 0, ptr null, i32 0, ptr null)
// CHECK-NEXT:  [[CMOD:%[0-9a-z.]+]] = {{(tail )?}}call i32 @aspen_rt_add_module(ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 9), ptr {{(nonnull )?}}@aspen_new_Consumer, i32 0, ptr null, i32 0, ptr null)
// CHECK-NEXT:  {{%[0-9a-z.]+}} = {{(tail )?}}call i32 @aspen_rt_add_instances(i32 [[PMOD]], ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 18), i32 5, i32 1)
// CHECK-NEXT:  {{%[0-9a-z.]+}} = {{(tail )?}}call i32 @aspen_rt_add_instances(i32 [[CMOD]], ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 20), i32 1, i32 0)
// CHECK-NEXT:  call void @aspen_rt_add_edges(ptr {{(nonnull )?}}@aspen.edges, i64 5)
// CHECK-NEXT:  [[STATUS:%[0-9a-z.]+]] = {{(tail )?}}call i32 @aspen_rt_run()
// CHECK-NEXT:  ret i32 [[STATUS]]
// CHECK-NEXT: }

// CHECK-DAG: declare void @aspen_rt_init(i32, ptr)
// CHECK-DAG: declare i32 @aspen_rt_add_module(ptr, ptr, i32, ptr, i32, ptr)
// CHECK-DAG: declare i32 @aspen_rt_add_instances(i32, ptr, i32, i32)
// CHECK-DAG: declare void @aspen_rt_add_edges(ptr, i64)
// CHECK-DAG: declare i32 @aspen_rt_run()
