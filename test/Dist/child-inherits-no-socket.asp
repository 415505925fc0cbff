// RUN: %aspenc -w %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: rm -f %t.fds0 %t.fds1
// RUN: env FDS=%t.fds %t | FileCheck %s
// RUN: cat %t.fds0 %t.fds1 | FileCheck %s --check-prefix=FDS
// A process a node starts (system, popen) inherits none of the node's
// sockets: its listening socket or a connection to a peer, held by a child
// left running, would keep the port taken after the job and hide the
// node's death from its peers. Each node lists what a child of it holds,
// in the middle of the job (connections up, listening socket open).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <aspen/runtime.h>
Module Main is Root requires Module A {
  void initialize() {
    A a[2];
    place a[0] on 0;
    place a[1] on 1;
    flow:
      a[0] ||| a[1];
      a[1].back ||| a[0].back;
  }
}
Declare Module A {
  Input:
    Input Queue is back;
  Output:
    Output Queue is back;
}
Module A {
  void run() {
    if (instanceIndex() == 0) {
      send new ArrayPayload<long>(1);
      QueueElement q = dequeue(back);
    } else {
      QueueElement q = dequeue();
    }
    std::string Cmd = "ls -l /proc/self/fd/ > " + std::string(std::getenv("FDS")) +
                      std::to_string(instanceIndex()) + " 2>&1";
    int Status = std::system(Cmd.c_str());
    std::printf("a[%d] listed its child's descriptors: %d\n", instanceIndex(),
                Status);
    if (instanceIndex() == 1)
      send new ArrayPayload<long>(2) on back;
  }
}
// CHECK-DAG: [127.0.0.1] a[0] listed its child's descriptors: 0
// CHECK-DAG: [127.0.0.2] a[1] listed its child's descriptors: 0
// FDS: total
// FDS-NOT: socket:
