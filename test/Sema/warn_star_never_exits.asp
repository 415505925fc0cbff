// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// Step only ever emits {a}; no record can match {<done>}, so the chain of
// replicas grows forever. The program is still accepted.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: warn_star_never_exits.asp:[[@LINE+1]]:15: warning: no record leaving the operand matches the exit pattern {<done>}; the star never ends{{$}}
      src ||| Step * {<done>} ||| sink;
  }
}
Module Step is Box ({a} -> {a}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK: {{^}}Program Main{{$}}
