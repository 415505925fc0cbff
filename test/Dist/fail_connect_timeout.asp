// RUN: %aspenc %s --hostfile %S/Inputs/timeout-hosts -o %t
// RUN: env ASPEN_NODE=0 ASPEN_JOB_SECRET=00112233445566778899aabbccddeeff ASPEN_CONNECT_TIMEOUT=1 %python %S/Inputs/status.py 6 %t 2>&1 | FileCheck %s
// RUN: env ASPEN_NODE=7 not %t 2>&1 | FileCheck %s --check-prefix=RANK
// Node 0 started alone (as by a cluster launcher whose other task never
// came up): after the connect timeout it names the node that is missing
// and exits with status 6 instead of waiting forever.
#include <aspen/runtime.h>
Module Main is Root requires Module A {
  void initialize() {
    A a, b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
  }
}
Module A {
  void run() {}
}
// CHECK: aspen: error: node '127.0.0.61': no connection with node '127.0.0.62' (127.0.0.62:47662) after 1 s
// RANK: aspen: error: ASPEN_NODE=7 is not a node of this program's hostfile (0 to 1)
