// RUN: %aspenc -g -O0 %s -o %t
// RUN: env ASPEN_WORKERS=1 gdb -batch -ex "break debug-info-gdb.asp:%(line+26)" -ex run -ex "bt 1" -ex "info locals" %t 2>&1 | FileCheck %s
// -g: the debug information of module code points into the .asp file, so
// gdb breaks on its lines, shows its locals and backtraces into it.
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Sum {
  void initialize() {
    Src s;
    Sum t;
    flow:
      s ||| t;
  }
}

Module Src {
  void run() {
    for (int i = 1; i <= 3; ++i)
      send new ArrayPayload<int>(&i, 1);
  }
}

Module Sum {
  void run() {
    int total = 0;
    while (QueueElement q = dequeue()) {
      int value = *static_cast<int *>(getPayload(q));
      total += value;
    }
  }
}
// CHECK: Breakpoint 1 at {{.*}}: file {{.*}}debug-info-gdb.asp, line 28.
// CHECK: Breakpoint 1, AspenModule_Sum::run {{.*}} at {{.*}}debug-info-gdb.asp:28
// CHECK: #0 {{.*}}AspenModule_Sum::run {{.*}}debug-info-gdb.asp:28
// CHECK: value = 1
// CHECK: total = 0
