// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// An inline Broadcast at the start of a flow has no sender.
Module Main is Root requires Module Parallel, Module Broadcast {
  void initialize() {
    Parallel p[4];
    flow:
// CHECK: fail_broadcast_no_participants.asp:[[@LINE+1]]:7: error: broadcast 'Broadcast#1' has no participants: a collective needs a stage before it{{$}}
      Broadcast ||| p;
  }
}
Module Parallel { void run() { send 1; dequeue(); } }
