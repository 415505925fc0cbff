// UNSUPPORTED: netlab
// (Not on a netlab: per-node files are named after the nodes, which are the hosts.)
// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t
// RUN: %python %S/Inputs/status.py 3 %t 2>&1 | FileCheck %s
// RUN: rm -f %t.*.dot
// RUN: env ASPEN_DUMP=%t.dot %python %S/Inputs/status.py 3 %t > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=DUMP < %t.127.0.0.2.dot
// Each instance waits for the next one's message, around three nodes: no
// single node is stuck on its own (each waits for the network), so the
// nodes find out together, every one names its waiting instances, and the
// job ends with status 3 instead of hanging.
#include <aspen/runtime.h>
Module Main is Root requires Module W {
  void initialize() {
    W w[3];
    place w[0] on 0;
    place w[1] on 1;
    place w[2] on 2;
    flow:
      w[0:1] ||| w[1:2];
      w[2] ||| w[0];
  }
}
Module W {
  void run() {
    QueueElement q = dequeue(); // nobody sends first
    send q;
  }
}
// CHECK-DAG: [127.0.0.1] aspen: error: deadlock across nodes: no instance on any node can make progress
// CHECK-DAG: [127.0.0.1]   'w[0]' waits in dequeue on its default input queue, which is empty
// CHECK-DAG: [127.0.0.2]   'w[1]' waits in dequeue on its default input queue, which is empty
// CHECK-DAG: [127.0.0.3]   'w[2]' waits in dequeue on its default input queue, which is empty
// With ASPEN_DUMP each node writes its own live graph.
// DUMP: digraph aspen {
// DUMP: w[1]\nwaits in dequeue on its default input queue
