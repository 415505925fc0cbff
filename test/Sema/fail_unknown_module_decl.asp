// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// An instance declaration must name a module the program defines; a close
// enough name is suggested, with the fix under the source line.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a;
// CHECK: fail_unknown_module_decl.asp:[[@LINE+5]]:5: error: unknown module 'Wroker'{{$}}
// CHECK: fail_unknown_module_decl.asp:[[@LINE+4]]:5: note: did you mean 'Worker'?{{$}}
// CHECK-NEXT: {{^}}    Wroker b;{{$}}
// CHECK-NEXT: {{^}}    ^~~~~~{{$}}
// CHECK-NEXT: {{^}}    Worker{{$}}
    Wroker b;
  }
}
Module Worker { void run() { } }
