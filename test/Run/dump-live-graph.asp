// RUN: %aspenc %s -o %t
// RUN: rm -f %t.dot
// RUN: env ASPEN_DUMP=%t.dot ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=256 sh -c '%t & pid=$!; sleep 0.5; kill -USR1 $pid; wait $pid; echo "exit status $?"' | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s < %t.dot
// RUN: dot -Tsvg %t.dot -o /dev/null
// ASPEN_DUMP=FILE: on SIGUSR1 (and on a deadlock) the runtime writes the
// live graph as DOT: what each instance waits for, and per edge the messages
// sent and queued.
#include <aspen/runtime.h>
#include <chrono>
#include <cstdio>
#include <thread>

Module Main is Root requires Module Slow, Module Eager {
  void initialize() {
    Eager e;
    Slow s;
    flow:
      e ||| s;
  }
}

// Sends more than the queue holds (the capacity set: every element bounded
// by it), then waits in send.
Module Eager {
  void run() {
    for (int i = 0; i < 300; ++i)
      send new ArrayPayload<int>(&i, 1);
  }
}

// Takes one message, sleeps through the signal, then drains the rest.
Module Slow {
  void run() {
    QueueElement first = dequeue();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    int n = 1;
    while (QueueElement q = dequeue())
      ++n;
    std::printf("slow got %d\n", n);
  }
}
// OUT: slow got 300
// OUT: exit status 0
// CHECK: digraph aspen {
// CHECK-DAG: [label="e\nwaits in send on its default output queue", color=red];
// CHECK-DAG: [label="s\nrunning or runnable", color=black];
// CHECK-DAG: -> i{{[0-9]}} [label="{{[0-9]+}} sent, 256 queued"];
