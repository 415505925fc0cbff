// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// Relay only passes its Input to its Output. The broadcast gives one copy of
// each message to relay[0] and one to relay[1], and both pass it on to
// sink: sink must receive two copies, so after splicing it is a receiver
// twice.
Module Main is Root requires Module Src, Module Sink, Module Relay, Module Broadcast {
  void initialize() {
    Src src;
    Relay relay[2];
    Sink sink;
    Broadcast b;
    flow:
      src ||| b ||| relay;
      relay ||| sink;
  }
}
Module Relay is Root {
  void initialize() {
    flow:
      Input ||| Output;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 src : Src
// CHECK-NEXT:  Instance #1 sink : Sink
// CHECK-NEXT:  Broadcast b
// CHECK-NEXT:    Source src
// CHECK-NEXT:    Receiver sink
// CHECK-NEXT:    Receiver sink
// CHECK-NOT:{{.}}
