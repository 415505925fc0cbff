// RUN: %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// Writing the same connection twice gives it two turns in the source's
// round-robin: b would get two messages for every one c gets.
Module Main is Root requires Module Src, Module Dst {
  void initialize() {
    Src a;
    Dst b, c;
    flow:
      a ||| b, c;
// CHECK: warn_duplicate_edge.asp:[[@LINE+1]]:7: warning: 'a' is connected to 'b' more than once; each connection takes a turn in 'a''s round-robin{{$}}
      a ||| b;
  }
}
Module Src { void run() { send new ArrayPayload<int>(1); } }
Module Dst { void run() { dequeue(); } }
