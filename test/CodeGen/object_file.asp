// RUN: %aspenc -c %s -o %t.o
// RUN: file %t.o | FileCheck %s --check-prefix=FILE
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NM
// RUN: llvm-objdump -d -r %t.o | FileCheck %s --check-prefix=DIS
// -c writes a relocatable object: main and the module factories are
// defined in it, the runtime's entry points are left to the linker.
#include <aspen/runtime.h>

Module Main is Root requires Module Worker {
  void initialize() {
    Worker w[2];
    flow:
      w[0] ||| w[1];
  }
}

Module Worker {
  void run() {
    if (instanceIndex() == 0)
      send QueueElement();
    else
      dequeue();
  }
}
// FILE: ELF 64-bit LSB relocatable, x86-64
// NM-DAG: {{^}}{{[0-9a-f]+}} T aspen_new_Worker
// NM-DAG: {{^}}{{[0-9a-f]+}} T main
// NM-DAG: U aspen_rt_add_edges
// NM-DAG: U aspen_rt_add_instances
// NM-DAG: U aspen_rt_add_module
// NM-DAG: U aspen_rt_init
// NM-DAG: U aspen_rt_run
// NM-DAG: U _ZN5aspen3gen6Module9aspenSendEjONS_12QueueElementE
// NM-DAG: U _ZN5aspen3gen6Module12aspenDequeueEj
// DIS-LABEL: <main>:
// DIS: R_X86_64_PLT32 aspen_rt_init
// DIS: R_X86_64_PLT32 aspen_rt_run
