// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// In a named net used twice, the warning is still given once.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Forever ||| sink;
      src ||| Forever .. Forever ||| sink;
  }
}
// CHECK: warn_star_never_exits_named.asp:[[@LINE+1]]:21: warning: no record leaving the operand matches the exit pattern {<done>}; the star never ends{{$}}
net Forever connect Step * {<done>};
Module Step is Box ({a} -> {a}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
