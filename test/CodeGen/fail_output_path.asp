// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: not %aspenc %s -o %t.dir/missing/main 2>&1 | FileCheck %s --check-prefix=NODIR --implicit-check-not=lld
// RUN: not %aspenc %s -o %t.dir 2>&1 | FileCheck %s --check-prefix=ISDIR --implicit-check-not=lld
// RUN: not %aspenc -c %s -o %t.dir 2>&1 | FileCheck %s --check-prefix=ISDIR --implicit-check-not=lld
// An output that cannot be written is reported in one line before anything
// is compiled, not by the linker after it.
// NODIR: error: cannot write '{{.*}}missing{{/|\\}}main': no directory '{{.*}}missing'
// ISDIR: error: cannot write '{{.*}}.dir': is a directory
#include <aspen/runtime.h>

Module Main is Root requires Module A {
  void initialize() {
    A a;
    flow:
      a ||| a;
  }
}

Module A {
  void run() {}
}
