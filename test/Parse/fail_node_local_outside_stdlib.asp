// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// node_local is for the standard library's own modules (stdlib/README.md):
// in a program's file it is an unknown section.
Declare Module M {
// CHECK: fail_node_local_outside_stdlib.asp:[[@LINE+1]]:3: error: unknown section 'node_local' in a module declaration; expected 'data_section' or 'parameters'{{$}}
  node_local { "the entries M keeps" }
}
Module M { void run() {} }
