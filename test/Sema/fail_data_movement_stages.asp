// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// The rules for where a collective stands name the data-movement
// collectives by their kind too.
Module Main is Root requires Module P {
  void initialize() {
    P p[2];
    flow:
// CHECK: fail_data_movement_stages.asp:[[@LINE+1]]:7: error: scatter 'Scatter#1' has no participants: a collective needs a stage before it{{$}}
      Scatter() ||| p;
// CHECK: fail_data_movement_stages.asp:[[@LINE+1]]:28: error: collective 'Gather#2' cannot feed collective 'AllToAll#3' directly; put a module between them{{$}}
      p.a ||| Gather() ||| AllToAll() ||| p;
  }
}
Declare Module P { Output Queue is a; }
Module P { void run() {} }
