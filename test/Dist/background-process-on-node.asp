// UNSUPPORTED: netlab
// (Not on a netlab: through ssh, a process a node leaves holding its output
// keeps the ssh session open, and so the job, as for any command run by ssh.)
// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: rm -f %t.pid
// RUN: env PIDFILE=%t.pid timeout 20 %t | FileCheck %s
// RUN: sh -c 'kill $(cat %t.pid)'
// A node that leaves a process running in the background (which inherits
// its output) does not keep the launcher waiting: the job ends when its
// nodes do, with their output. Before, the launcher read the node's pipe to
// its end, so it waited for the background process (here 60 s, and the
// timeout of 20 s stopped it).
#include <cstdio>
#include <cstdlib>
#include <string>
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
    send new ArrayPayload<long>(1);
    // CHECK-DAG: [127.0.0.1] a done
    std::printf("a done\n");
  }
}
Module B {
  void run() {
    dequeue();
    std::string cmd = std::string("sleep 60 & echo $! > ") + std::getenv("PIDFILE");
    if (std::system(cmd.c_str()) != 0)
      std::printf("could not start the background process\n");
    // CHECK-DAG: [127.0.0.2] b done
    std::printf("b done\n");
  }
}
