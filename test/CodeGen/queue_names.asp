// RUN: %aspenc -S -emit-llvm %s -o - | FileCheck %s
// Each module's named queues go to the runtime as arrays of names, inputs
// and outputs apart, in declaration order (the default queue is not
// listed). A name used by several modules is one string.
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Relay, Module Sink {
  void initialize() {
    Src s;
    Relay r;
    Sink k;
    flow:
      s ||| r.q ||| k;
      s.ctl ||| r.z;
      r.y ||| k.ctl;
  }
}

Declare Module Src {
  Output Queue is ctl;
}
Declare Module Relay {
  Input Queue is q, z;
  Output Queue is y;
  Output Queue is q;
}
Declare Module Sink {
  Input Queue is ctl;
}
Module Src { void run() { send QueueElement(); send QueueElement() on ctl; } }
Module Relay { void run() { send dequeue(q) on q; send dequeue(z) on y; } }
Module Sink { void run() { dequeue(); dequeue(ctl); } }

// Names are offsets into one table of strings, each once; queue name lists
// are slices of one table of pointers into it.
// CHECK-DAG: @aspen.strings = private unnamed_addr constant [31 x i8] c"Src\00ctl\00Relay\00q\00z\00y\00Sink\00s\00r\00k\00"
// CHECK-DAG: @aspen.names = private constant [6 x ptr] [ptr getelementptr inbounds (i8, ptr @aspen.strings, i64 4), ptr getelementptr inbounds (i8, ptr @aspen.strings, i64 14), ptr getelementptr inbounds (i8, ptr @aspen.strings, i64 16), ptr getelementptr inbounds (i8, ptr @aspen.strings, i64 18), ptr getelementptr inbounds (i8, ptr @aspen.strings, i64 14), ptr getelementptr inbounds (i8, ptr @aspen.strings, i64 4)]
// 's ||| r.q ||| k' arrives on r's input q (port 1) and leaves from its
// output q (port 2); s.ctl is output port 1, r.z input port 2, r.y output
// port 1, k.ctl input port 1.
// CHECK-DAG: @aspen.edges = private constant [16 x i32] [i32 0, i32 0, i32 1, i32 1, i32 1, i32 2, i32 2, i32 0, i32 0, i32 1, i32 1, i32 2, i32 1, i32 1, i32 2, i32 1]

// CHECK-LABEL: define i32 @main(
// CHECK: call i32 @aspen_rt_add_module(ptr {{.*}}, ptr {{(nonnull )?}}@aspen_new_Src, i32 0, ptr null, i32 1, ptr {{(nonnull )?}}@aspen.names)
// CHECK: call i32 @aspen_rt_add_module(ptr {{.*}}, ptr {{(nonnull )?}}@aspen_new_Relay, i32 2, ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.names, {{(i64 0, )?}}i64 1), i32 2, ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.names, {{(i64 0, )?}}i64 3))
// CHECK: call i32 @aspen_rt_add_module(ptr {{.*}}, ptr {{(nonnull )?}}@aspen_new_Sink, i32 1, ptr {{(nonnull )?}}getelementptr inbounds ({{.*}}, ptr @aspen.names, {{(i64 0, )?}}i64 5), i32 0, ptr null)
// CHECK: call void @aspen_rt_add_edges(ptr {{(nonnull )?}}@aspen.edges, i64 4)
