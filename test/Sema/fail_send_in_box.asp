// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A box communicates only through its signature.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Double ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Double is Box ({x} -> {x}) {
  void box(int x) {
// CHECK: fail_send_in_box.asp:[[@LINE+1]]:5: error: 'send' cannot be used in box module 'Double'; boxes emit records with emit<K>(...){{$}}
    send x;
  }
}
