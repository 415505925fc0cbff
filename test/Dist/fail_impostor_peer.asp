// RUN: %aspenc %s --hostfile %S/Inputs/auth-hosts -o %t
// RUN: not %python %S/Inputs/fake_node.py impostor %t 127.0.0.81 47681 00112233445566778899aabbccddeeff 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: grep -c "peer at 127.0.0.81:47681 failed authentication" %t.err | FileCheck %s --check-prefix=ONCE
// Something answers at node 0's address without the job's secret (a
// process of another user that took the port, a machine that took the
// address): node 1 checks its answer, finds it does not prove the secret,
// says so once and sends it nothing more. What the impostor receives on
// every connection is only the first message of the greeting (magic,
// index, program hash, a fresh nonce): before, it was the secret itself.
// The job stops at the connect timeout, naming the reason.
// ONCE: {{^}}1{{$}}
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
// CHECK: aspen: warning: node '127.0.0.82': peer at 127.0.0.81:47681 failed authentication (it does not hold this job's secret); it was sent nothing derived from the secret
// CHECK: aspen: error: node '127.0.0.82': no connection with node '127.0.0.81' (127.0.0.81:47681) after 2 s: it failed authentication
// CHECK: impostor: some connections
// CHECK: impostor: each brought only step 1: yes
// CHECK: impostor: a fresh nonce each time: yes
