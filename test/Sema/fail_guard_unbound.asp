// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A guard reads tags of the record its pattern matched, so they must be in
// the pattern.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_guard_unbound.asp:[[@LINE+1]]:36: error: guard uses tag 'limit', which its pattern does not bind{{$}}
      src ||| Step * {<n>} if (n > limit) ||| sink;
  }
}
Module Step is Box ({a} -> {a, <n>}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
