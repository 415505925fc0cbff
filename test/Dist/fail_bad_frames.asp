// RUN: %aspenc %s --hostfile %S/Inputs/peer-hosts -o %t
// RUN: not %python %S/Inputs/fake_node.py peer channel %t 127.0.0.51 47651 00112233445566778899aabbccddeeff 2>&1 | FileCheck %s --check-prefix=CHANNEL
// RUN: not %python %S/Inputs/fake_node.py peer length %t 127.0.0.51 47651 00112233445566778899aabbccddeeff 2>&1 | FileCheck %s --check-prefix=LENGTH
// RUN: not %python %S/Inputs/fake_node.py peer truncated %t 127.0.0.51 47651 00112233445566778899aabbccddeeff 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: not %python %S/Inputs/fake_node.py peer reset %t 127.0.0.51 47651 00112233445566778899aabbccddeeff 2>&1 | FileCheck %s --check-prefix=RESET
// A node that authenticated and then sends frames that make no sense, or
// whose connection is reset: the receiving node says so, naming the sender,
// and stops, without crashing or hanging.
#include <aspen/runtime.h>

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
  }
}
Module A { void run() {} }
Module B {
  void run() {
    while (QueueElement q = dequeue()) {
    }
  }
}
// CHANNEL: aspen: error: node '127.0.0.52': protocol error from node '127.0.0.51': a frame for unknown channel 12345
// LENGTH: aspen: error: node '127.0.0.52': protocol error from node '127.0.0.51': a frame of 2147483647 bytes exceeds the limit of 268435456
// TRUNC: aspen: error: node '127.0.0.52': lost the connection to node '127.0.0.51' (127.0.0.51:47651): it closed the connection without finishing (did the node die?)
// RESET: aspen: error: node '127.0.0.52': lost the connection to node '127.0.0.51' (127.0.0.51:47651): Connection reset by peer
