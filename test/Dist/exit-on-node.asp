// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %python %S/Inputs/status.py 7 %t > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// std::exit(7) in an instance on one node ends that node with status 7,
// its output flushed, and the job with it: the launcher returns 7, and the
// other node stops at once, naming it. Before, the node aborted (134).
#include <cstdio>
#include <cstdlib>

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b ||| a;
  }
}
Module A {
  void run() {
    int n = 1;
    send new ArrayPayload<int>(&n, 1);
    dequeue();
    // CHECK-DAG: [127.0.0.1] A is done
    std::printf("A is done\n");
    std::exit(7);
  }
}
Module B {
  void run() {
    QueueElement q = dequeue();
    send std::move(q);
    // CHECK-DAG: [127.0.0.2] aspen: error: node '127.0.0.2': lost the connection to node '127.0.0.1' {{.*}}did the node die?
    dequeue();
  }
}
