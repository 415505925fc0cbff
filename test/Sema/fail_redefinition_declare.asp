// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// One 'Declare Module' block per module.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a, b;
    flow:
      a.out ||| b;
  }
}
Declare Module Worker {
  Output:
    Output Queue is out;
}
// CHECK: fail_redefinition_declare.asp:[[@LINE+2]]:16: error: redefinition of module declaration 'Worker'{{$}}
// CHECK: fail_redefinition_declare.asp:[[@LINE-5]]:16: note: previous definition of 'Worker' is here{{$}}
Declare Module Worker {
  Output:
    Output Queue is out;
}
Module Worker { void run() { } }
