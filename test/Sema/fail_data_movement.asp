// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// Gather, Scatter and AllToAll take no operation; a scatter needs
// receivers; an all-to-all has as many receivers as participants.
Module Main is Root requires Module P, Module Gather {
  void initialize() {
    P p[3], q[2];
    Gather g;
    flow:
// CHECK: fail_data_movement.asp:[[@LINE+1]]:15: error: gather 'g' takes no operation{{$}}
      p ||| g(sum) ||| q[0];
// CHECK: fail_data_movement.asp:[[@LINE+1]]:15: error: scatter 'Scatter#1' has no receivers: add a stage after it{{$}}
      p.a ||| Scatter();
// CHECK: fail_data_movement.asp:[[@LINE+1]]:15: error: all-to-all 'AllToAll#2' has 3 participants and 2 receivers; give it as many receivers as participants{{$}}
      p.b ||| AllToAll ||| q;
  }
}
Declare Module P { Output Queue is a, b; }
Module P { void run() {} }
