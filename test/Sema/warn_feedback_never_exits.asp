// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// Inc only ever emits {a}, which matches the loop pattern: no record can
// leave the feedback loop. A loop whose operand consumes its records (Eat)
// does end, and draws no warning. The program is still accepted.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: warn_feedback_never_exits.asp:[[@LINE+1]]:15: warning: every record leaving the operand matches the loop pattern {a}; the feedback loop never lets a record out{{$}}
      src ||| Inc \ {a} ||| sink;
      src ||| Eat \ {a} ||| sink;
  }
}
Module Inc is Box ({a} -> {a}) { void box(int a) { emit<1>(a + 1); } }
Module Eat is Box ({a} -> {b}) { void box(int a) { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK: {{^}}Program Main{{$}}
