// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Reduce is built in; a program cannot define its own. The built-in has no
// source location, so there is no note.
Module Main is Root requires Module Worker, Module Reduce {
  void initialize() {
    Worker w[2];
    Reduce r;
    flow:
      w ||| r(sum);
  }
}
Module Worker { void run() { send 1; dequeue(); } }
// CHECK: fail_redefinition_builtin.asp:[[@LINE+1]]:8: error: redefinition of built-in module 'Reduce'{{$}}
Module Reduce { void run() { } }
