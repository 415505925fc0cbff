// RUN: not %aspenc --hostfile %S/Inputs/two-nodes %s -o %t 2>&1 | FileCheck %s
// Placement across nodes is computed and shown, but executables for
// several nodes are not built yet: say so instead of building a program
// that would run everything in one process.
Module Main is Root requires Module W {
  void initialize() {
    W a, b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
  }
}
Module W { void run() {} }
// CHECK: fail_multinode_codegen.asp:7:10: error: a program placed on several nodes ('b' is on '127.0.0.2') cannot be compiled to an executable yet
