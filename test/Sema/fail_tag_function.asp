// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Tag expressions call S-Net's tag functions only, with their number of
// arguments.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_tag_function.asp:[[@LINE+1]]:35: error: 'sqrt' is not a tag function; tag expressions can call abs(x), min(x, y) and max(x, y){{$}}
      src ||| [{<n>} -> {<r = 1 + sqrt(n)>}] ||| sink;
// CHECK: fail_tag_function.asp:[[@LINE+1]]:31: error: tag function 'min' takes 2 arguments, not 1{{$}}
      src ||| [{<n>} -> {<r = min(n)>}] ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
