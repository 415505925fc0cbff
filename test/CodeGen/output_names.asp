// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cd %t.dir && %aspenc -S -emit-llvm %s
// RUN: cd %t.dir && %aspenc -S %s
// RUN: cd %t.dir && %aspenc -c %s
// RUN: cd %t.dir && %aspenc %s
// RUN: FileCheck %s --check-prefix=LL < %t.dir/output_names.ll
// RUN: FileCheck %s --check-prefix=ASM < %t.dir/output_names.s
// RUN: file %t.dir/output_names.o | FileCheck %s --check-prefix=OBJ
// RUN: %t.dir/a.out | FileCheck %s --check-prefix=EXE
// Without -o the output is named after the first input file, with the
// extension of its kind, in the current directory; an executable is a.out.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Hello {
  void initialize() {
    Hello h;
    flow:
  }
}

Module Hello {
  void run() { std::printf("hello from %s\n", instanceName()); }
}
// LL: define i32 @main(
// ASM: {{^}}main:
// OBJ: ELF 64-bit LSB relocatable
// EXE: hello from h
