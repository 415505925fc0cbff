// RUN: %aspenc -S -emit-llvm %s -o - | FileCheck %s
// The edge table of a small graph. Instances are numbered in declaration
// order (s = 0, w[0..2] = 1..3, k = 4); port 0 is the default queue and
// named queues count from 1 in declaration order, separately for inputs
// and outputs. Each edge is (from, fromPort, to, toPort).
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Work, Module Sink {
  void initialize() {
    Src s;
    Work w[3];
    Sink k;
    flow:
      s ||| w ||| k;
      s.ctl ||| k.ctl;
      w[1].side ||| k.aux;
  }
}

Declare Module Src { Output Queue is extra, ctl; }
Declare Module Work { Output Queue is side; }
Declare Module Sink { Input Queue is ctl, aux; }
Module Src { void run() { send QueueElement(); send QueueElement() on ctl; send QueueElement() on extra; } }
Module Work { void run() { send dequeue(); send QueueElement() on side; } }
Module Sink { void run() { dequeue(); dequeue(ctl); dequeue(aux); } }

// s ||| w: (0,0,1,0) (0,0,2,0) (0,0,3,0)
// w ||| k: (1,0,4,0) (2,0,4,0) (3,0,4,0)
// s.ctl ||| k.ctl: (0,2,4,1)
// w[1].side ||| k.aux: (2,1,4,2)
// CHECK: @aspen.edges = private constant [32 x i32] [i32 0, i32 0, i32 1, i32 0, i32 0, i32 0, i32 2, i32 0, i32 0, i32 0, i32 3, i32 0, i32 1, i32 0, i32 4, i32 0, i32 2, i32 0, i32 4, i32 0, i32 3, i32 0, i32 4, i32 0, i32 0, i32 2, i32 4, i32 1, i32 2, i32 1, i32 4, i32 2]
// CHECK: call void @aspen_rt_add_edges(ptr {{(nonnull )?}}@aspen.edges, i64 8)
