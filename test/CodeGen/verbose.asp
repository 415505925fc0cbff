// RUN: %aspenc -v -DFOO=1 -DBAR -I %S/Inputs -O3 %s %S/Inputs/extra.cpp -o %t 2>&1 | FileCheck %s
// RUN: %aspenc -S -emit-llvm %s -o %t.ll 2>&1 | count 0
// -v shows how the module C++ is compiled (C++17, the optimisation level,
// the runtime's headers, the directory of each .asp file and then -I
// directories, -D macros), each extra .cpp file, and the link.
#include <aspen/runtime.h>

Module Main is Root requires Module Quiet {
  void initialize() {
    Quiet q;
    flow:
      q ||| q;
  }
}

Module Quiet {
  void run() { send QueueElement(); dequeue(); }
}
// CHECK:      aspenc: in-process clang: {{.*}}clang{{.*}} -std=c++17 -O3 {{.*}}-I{{.*}}/CodeGen -I{{.*}}/CodeGen/Inputs -DFOO=1 -DBAR -fbracket-depth=256{{( -include-pch [^ ]+)?}} -c {{.*}}CodeGen{{/|\\}}Main.modules.cpp
// CHECK-NEXT: aspenc: in-process clang: {{.*}} -c {{.*}}/CodeGen/Inputs/extra.cpp
// CHECK-NEXT: aspenc: link: {{.*}}clang{{.*}} -fuse-ld=lld {{.*}} -o {{.*}}verbose.asp.tmp {{.*}}libaspenrt.a
