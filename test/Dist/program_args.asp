// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t
// RUN: %t 7 'a b' -- --hostfile nope | FileCheck %s
// RUN: %t --hostfile %S/Inputs/nodes3 -- -x | FileCheck %s --check-prefix=HOSTFILE
// Every node of a run on several nodes sees the same program arguments
// (the launcher starts each node with the command line it was given).
#include <cstdio>
#include <string>
#include <aspen/runtime.h>

Module Main is Root requires Module Show {
  void initialize() {
    Show s[3];
    place s[0] on 0;
    place s[1] on 1;
    place s[2] on 2;
    flow:
      s ||| s;
  }
}

Module Show {
  void run() {
    std::string line = instanceName();
    for (const std::string &a : aspen::programArgs())
      line += " <" + a + ">";
    std::printf("%s\n", line.c_str());
    send QueueElement();
    dequeue();
  }
}
// CHECK-DAG: s[0] <7> <a b> <--hostfile> <nope>{{$}}
// CHECK-DAG: s[1] <7> <a b> <--hostfile> <nope>{{$}}
// CHECK-DAG: s[2] <7> <a b> <--hostfile> <nope>{{$}}
// HOSTFILE-DAG: s[0] <-x>{{$}}
// HOSTFILE-DAG: s[1] <-x>{{$}}
// HOSTFILE-DAG: s[2] <-x>{{$}}
