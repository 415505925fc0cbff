// RUN: %aspenc %s -o %t.one
// RUN: %python %S/Inputs/usr1.py %t.go1 waiting %t.one | FileCheck %s --check-prefix=ONE
// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t.two
// RUN: %python %S/Inputs/usr1.py %t.go2 waiting %t.two | FileCheck %s --check-prefix=TWO
// SIGUSR1 asks for a dump of what every instance waits for, and never
// stops the program: without ASPEN_DUMP the dump goes to standard error.
// Sent to the launcher of a run on several nodes, it reaches every node,
// and each prints its own. The program then finishes as usual.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/stdlib.h>

Module Main is Root requires Module Wait, Module Sink {
  void initialize() {
    Wait w;
    Sink s;
    place w on 0;
    place s on 1;
    flow:
      w ||| s;
  }
}

// Waits until the test creates $GO_FILE, without blocking a worker: the
// event loop's timer parks it between looks.
Module Wait {
  void run() {
    std::printf("waiting\n");
    std::fflush(stdout);
    const char *go = std::getenv("GO_FILE");
    while (go && access(go, F_OK) != 0)
      aspen::sleepFor(std::chrono::milliseconds(10));
    send new ArrayPayload<int>(std::vector<int>{7});
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("got %d\n", getPayload<ArrayPayload<int>>(q)[0]);
  }
}
// ONE: waiting
// ONE: aspen: dump (SIGUSR1; ASPEN_DUMP=FILE writes it to FILE):
// ONE: digraph aspen {
// ONE: waits in dequeue
// ONE: got 7
// ONE: exit status 0
// TWO-DAG: [127.0.0.1] aspen: dump (SIGUSR1; ASPEN_DUMP=FILE writes it to FILE):
// TWO-DAG: [127.0.0.2] aspen: dump (SIGUSR1; ASPEN_DUMP=FILE writes it to FILE):
// TWO-DAG: [127.0.0.2] {{.*}}waits in dequeue
// TWO: got 7
// TWO: exit status 0
