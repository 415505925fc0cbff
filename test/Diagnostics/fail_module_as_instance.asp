// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// A module's name where an instance is meant: the note says so and names an
// instance of that module when the root has one, with the fix under it.
Module Main is Root requires Module Worker, Module Sink {
  void initialize() {
    Worker w[4];
    flow:
// CHECK:{{.*}}fail_module_as_instance.asp:[[@LINE+7]]:7: error: no instance, net or box named 'Worker' in root module 'Main'
// CHECK:{{.*}}fail_module_as_instance.asp:[[@LINE+6]]:7: note: 'Worker' is a module: flow statements connect its instances, such as 'w'
// CHECK-NEXT:      Worker ||| Sink;
// CHECK-NEXT:      ^~~~~~
// CHECK-NEXT:      w
// CHECK:{{.*}}fail_module_as_instance.asp:[[@LINE+2]]:18: error: no instance, net or box named 'Sink' in root module 'Main'
// CHECK:{{.*}}fail_module_as_instance.asp:[[@LINE+1]]:18: note: 'Sink' is a module: flow statements connect its instances, declare one first ('Sink x;')
      Worker ||| Sink;
  }
}
Module Worker { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
