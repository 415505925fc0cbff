// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// AddressSanitizer pads globals, the table included: its IR is checked without.
// RUN: %if !asan %{ %aspenc -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR %}
// 37 participants: more than 8, so the all-reduce combines through a tree of
// runtime reducers with 4 inputs each (10, then 3, then the root).
// CHECK: tree ok
// CHECK-NOT: BAD
// All 14 are registered by one call, from one table: 13 reducers of 1 to 4
// inputs and one output, then the root's 3 inputs and 37 outputs.
// IR: @aspen.collectives = private constant [14 x { i32, i32, i32, i32, ptr, ptr, ptr, ptr }]
// IR-COUNT-13: { i32 0, i32 0, i32 {{[1-4]}}, i32 1, ptr
// IR-SAME: { i32 0, i32 0, i32 3, i32 37, ptr
// IR-NOT: { i32 0, i32 0,
// (An invoke where ThreadSanitizer's exit hooks need an unwind path.)
// IR: {{call|invoke}} void @aspen_rt_add_collectives(ptr nonnull @aspen.collectives, i64 14)
// IR-NOT: {{call|invoke}} void @aspen_rt_add_collectives(
#include <cstdio>
#include <aspen/runtime.h>
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[37];
    Reduce r;
    flow:
      w ||| r(sum);
  }
}
Module W {
  void run() {
    for (int round = 0; round < 200; ++round) {
      long v[2] = {long(instanceIndex()), round};
      send new ArrayPayload<long>(v, 2);
      QueueElement q = dequeue();
      long *s = getPayload(q);
      if (s[0] != 37 * 36 / 2 || s[1] != 37L * round) std::printf("BAD %ld %ld\n", s[0], s[1]);
    }
    if (instanceIndex() == 0) std::printf("tree ok\n");
  }
}
