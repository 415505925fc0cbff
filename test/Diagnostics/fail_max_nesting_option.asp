// RUN: not %aspenc --max-nesting=4 %s 2>&1 | FileCheck %s
// RUN: %aspenc --dump-ast --max-nesting=5 %s | FileCheck %s --check-prefix=OK
// --max-nesting sets the limit: here the fifth open bracket is one too many.
Module Worker {
// CHECK: fail_max_nesting_option.asp:[[@LINE+1]]:20: error: nesting of brackets deeper than 4 levels{{$}}
  void run() { f(g((x))); }
}
// OK: ActionModuleDecl Worker
