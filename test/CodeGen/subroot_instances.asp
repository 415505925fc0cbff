// RUN: %aspenc -S -emit-llvm %s -o - | FileCheck %s
// A vector of sub-roots is spliced: every element's own vector is one run
// of instances, registered under its full path, and the instances keep
// graph order (p[0..1] = 0..1, s[0].w[0..1] = 2..3, s[0].t = 4,
// s[1].w[0..1] = 5..6, s[1].t = 7, sink = 8). A single instance inside a
// sub-root is not a vector.
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Stage, Module Sink {
  void initialize() {
    Src p[2];
    Stage s[2];
    Sink sink;
    flow:
      p ||| s ||| sink;
  }
}

Module Stage is Root requires Module W, Module Tap {
  void initialize() {
    W w[2];
    Tap t;
    flow:
      Input ||| w ||| t ||| Output;
  }
}

Module Src { void run() { send QueueElement(); } }
Module W { void run() { send dequeue(); } }
Module Tap { void run() { send dequeue(); send dequeue(); } }
Module Sink { void run() { for (int i = 0; i < 4; ++i) dequeue(); } }

// CHECK-DAG: @aspen.strings = private unnamed_addr constant [50 x i8] c"Src\00W\00Tap\00Sink\00p\00s[0].w\00s[0].t\00s[1].w\00s[1].t\00sink\00"
// The edges, in the order of --dump-graph: inside each Stage first (w -> t),
// then the spliced ones (p -> w, t -> sink).
// CHECK-DAG: @aspen.edges = private constant [40 x i32] [i32 2, i32 0, i32 4, i32 0, i32 3, i32 0, i32 4, i32 0, i32 5, i32 0, i32 7, i32 0, i32 6, i32 0, i32 7, i32 0, i32 0, i32 0, i32 2, i32 0, i32 0, i32 0, i32 3, i32 0, i32 4, i32 0, i32 8, i32 0, i32 1, i32 0, i32 5, i32 0, i32 1, i32 0, i32 6, i32 0, i32 7, i32 0, i32 8, i32 0]

// CHECK-LABEL: define i32 @main(
// CHECK:      [[SRC:%[0-9a-z.]+]] = {{(tail )?}}call i32 @aspen_rt_add_module({{.*}}@aspen_new_Src,
// CHECK-NEXT: [[W:%[0-9a-z.]+]] = {{(tail )?}}call i32 @aspen_rt_add_module({{.*}}@aspen_new_W,
// CHECK-NEXT: [[TAP:%[0-9a-z.]+]] = {{(tail )?}}call i32 @aspen_rt_add_module({{.*}}@aspen_new_Tap,
// CHECK-NEXT: [[SNK:%[0-9a-z.]+]] = {{(tail )?}}call i32 @aspen_rt_add_module({{.*}}@aspen_new_Sink,
// CHECK-NEXT: call i32 @aspen_rt_add_instances(i32 [[SRC]], ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 15), i32 2, i32 1)
// CHECK-NEXT: call i32 @aspen_rt_add_instances(i32 [[W]], ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 17), i32 2, i32 1)
// CHECK-NEXT: call i32 @aspen_rt_add_instances(i32 [[TAP]], ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 24), i32 1, i32 0)
// CHECK-NEXT: call i32 @aspen_rt_add_instances(i32 [[W]], ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 31), i32 2, i32 1)
// CHECK-NEXT: call i32 @aspen_rt_add_instances(i32 [[TAP]], ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 38), i32 1, i32 0)
// CHECK-NEXT: call i32 @aspen_rt_add_instances(i32 [[SNK]], ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.strings, {{(i64 0, )?}}i64 45), i32 1, i32 0)
// CHECK-NEXT: call void @aspen_rt_add_edges(ptr {{(nonnull )?}}@aspen.edges, i64 10)
