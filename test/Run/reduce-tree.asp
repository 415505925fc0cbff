// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: %aspenc -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// 37 participants: more than 8, so the all-reduce combines through a tree of
// runtime reducers with 4 inputs each (10, then 3, then the root).
// CHECK: tree ok
// CHECK-NOT: BAD
// IR-COUNT-13: call i32 @aspen_rt_add_collective(i32 0, ptr nonnull @aspen.str{{[.0-9]*}}, i32 0, ptr null, i32 {{[1-4]}}, {{.*}}, i32 1,
// IR: call i32 @aspen_rt_add_collective(i32 0, ptr nonnull @aspen.str{{[.0-9]*}}, i32 0, ptr null, i32 3, {{.*}}, i32 37,
// IR-NOT: call i32 @aspen_rt_add_collective
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
