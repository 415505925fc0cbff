// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s
// The engine cannot yet keep the order of a deterministic merge: such a
// network is checked and shown, but not compiled.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_deterministic_at_run_time.asp:[[@LINE+1]]:16: error: '||' keeps the order of the records it merges, which the S-Net engine cannot do yet; write '|' to merge them in the order they arrive{{$}}
      src ||| (A || B) ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module A is Box ({a} -> {c}) { void box() { } }
Module B is Box ({b} -> {c}) { void box() { } }
