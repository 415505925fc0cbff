// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A collective is a stage of its own, never part of a network expression.
Module Main is Root requires Module Src, Module Sink, Module Reduce {
  void initialize() {
    Src src[2];
    Sink sink;
    flow:
// CHECK: fail_collective_in_net.asp:[[@LINE+1]]:25: error: collective 'Reduce' cannot be combined with S-Net operators; use it as a stage of its own{{$}}
      src ||| Double .. Reduce(sum) ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Double is Box ({x} -> {x}) { void box(int x) { emit<1>(2 * x); } }
