// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// An instance name is declared once per root module, vector or not.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker w, v;
// CHECK: fail_duplicate_instance.asp:[[@LINE+2]]:12: error: 'w' is already declared in root module 'Main'{{$}}
// CHECK: fail_duplicate_instance.asp:[[@LINE-2]]:12: note: 'w' is declared here{{$}}
    Worker w[2];
    flow:
      w ||| v;
  }
}
Module Worker { void run() { } }
