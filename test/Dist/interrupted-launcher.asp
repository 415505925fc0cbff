// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %python %S/../Run/Inputs/send_signal.py INT "sending" %t | FileCheck %s --implicit-check-not="killed by signal"
// Ctrl-C on the launcher stops every node and the launcher exits with
// 128 + SIGINT, as a shell expects of an interrupted program. Before, it
// returned the status of the nodes it had passed SIGTERM on to (143), and
// reported each of them as killed by signal 15.
#include <cstdio>
#include <unistd.h>

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
    // CHECK: [127.0.0.1] sending
    std::printf("sending\n");
    std::fflush(stdout);
    for (;;) {
      send new ArrayPayload<int>(1);
      usleep(1000);
    }
  }
}
Module B {
  void run() {
    while (dequeue()) {
    }
  }
}
// CHECK: exit status 130
