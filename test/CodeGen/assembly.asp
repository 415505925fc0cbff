// RUN: %aspenc -S %s -o %t.s
// RUN: FileCheck %s < %t.s
// RUN: %aspenc -S %s -o - | FileCheck %s
// RUN: not %aspenc -c -S %s -o %t.both 2>&1 | FileCheck %s --check-prefix=BOTH
// -S writes assembly for the target: main, the factories and the module
// code, calling into the runtime. -c and -S together are an error.
#include <aspen/runtime.h>

Module Main is Root requires Module Ping {
  void initialize() {
    Ping p;
    flow:
      p ||| p;
  }
}

Module Ping {
  void run() {
    send QueueElement();
    dequeue();
  }
}
// CHECK-DAG: .globl main
// CHECK-DAG: {{^}}main:
// CHECK-DAG: {{^}}aspen_new_Ping:
// CHECK-DAG: call{{q?}} {{.*}}aspen_rt_init
// CHECK-DAG: call{{q?}} {{.*}}aspen_rt_add_edges
// CHECK-DAG: {{(call|jmp)q?}} {{.*}}aspen_rt_run
// CHECK-DAG: {{^}}_ZN16AspenModule_Ping3runEv:
// CHECK-DAG: {{^}}.Laspen.edges:
// BOTH: error: -c and -S cannot be combined
