// RUN: %aspenc -g -S -emit-llvm %s -o - | FileCheck %s
// RUN: %aspenc -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NODEBUG
// -g describes module code by its place in the .asp file: the file, and
// the line of each member function.
#include <aspen/runtime.h>

Module Main is Root requires Module Traced {
  void initialize() {
    Traced t;
    flow:
      t ||| t;
  }
}

Module Traced {
  void run() {
    send QueueElement();
    dequeue();
    step();
  }

  void step() { }
}
// CHECK-DAG: !DICompileUnit(language: DW_LANG_C_plus_plus
// CHECK-DAG: [[FILE:![0-9]+]] = !DIFile(filename: "{{.*}}debug_info.asp"
// CHECK-DAG: distinct !DISubprogram(name: "run", linkageName: "_ZN18AspenModule_Traced3runEv", {{.*}}file: [[FILE]], line: 16,
// CHECK-DAG: !DISubprogram(name: "step", linkageName: "_ZN18AspenModule_Traced4stepEv", {{.*}}file: [[FILE]], line: 22,
// NODEBUG-NOT: !DICompileUnit
// NODEBUG-NOT: !DISubprogram
