// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// Every queue of a choice or a join is checked against the module's
// declaration, at its own column.
Module Main is Root requires Module Mixer, Module Gen {
  void initialize() {
    Gen g;
    Mixer m;
    flow:
      g ||| m.data;
  }
}
Declare Module Mixer {
  Input:
    Input Queue is data;
}
Module Mixer {
  void run() {
// CHECK: fail_receive_unknown_queue.asp:[[@LINE+1]]:29: error: 'dequeue(control)': module 'Mixer' declares no input queue 'control'
    auto r = dequeue(data | control);
// CHECK: fail_receive_unknown_queue.asp:[[@LINE+1]]:29: error: 'dequeue(ctl)': module 'Mixer' declares no input queue 'ctl'
    auto j = dequeue(data & ctl);
  }
}
Module Gen { void run() { send 1; } }
