// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// A collective feeding another through a sub-root's Output (or Input) is
// the same error as two collectives side by side in one flow statement.
// Before, the check passed and code generation crashed.
Module Team is Root requires W {
  void initialize() {
    W w[2];
    flow:
      w ||| Reduce(sum) ||| Output;
  }
}
Module Main is Root requires Team, K {
  void initialize() {
    Team t;
    K k;
    flow:
// CHECK: fail_collective_through_subroot.asp:[[@LINE+1]]:13: error: collective 'Reduce#1' cannot feed collective 'Reduce#2' directly; put a module between them
      t ||| Reduce(sum) ||| k;
  }
}
Module W { void run() { send new ArrayPayload<int>(1); } }
Module K { void run() { while (dequeue()) {} } }
