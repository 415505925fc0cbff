// UNSUPPORTED: netlab
// (Not on a netlab: its second node is an address no host of it has.)
// RUN: %aspenc %s --hostfile %S/Inputs/silent-remote-hosts -o %t
// RUN: env ASPEN_SSH=%S/Inputs/silent-ssh ASPEN_CONNECT_TIMEOUT=2 %python %S/Inputs/status.py 2 %t 2>&1 | FileCheck %s --implicit-check-not=started
// A remote node whose hostfile line gives no port must say which port it
// chose; one that does not within ASPEN_CONNECT_TIMEOUT is named, this
// machine's node is never started, and the job ends with status 2.
// CHECK: aspen: error: node '192.0.2.7' did not say within 2 s which port it listens on (ASPEN_CONNECT_TIMEOUT)
#include <cstdio>
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
Module A {
  void run() {
    std::printf("started\n");
    long one = 1;
    send new ArrayPayload<long>(&one, 1);
  }
}
Module B {
  void run() {
    while (dequeue()) {
    }
  }
}
