// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 ASPEN_QUEUE_CAPACITY=2 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=2 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=64 %t | FileCheck %s --check-prefix=ROOMY
// A producer that sends more than the queue holds to a consumer that stops
// reading: the producer blocks in send for ever. With room for every
// message the same program finishes.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    Producer p;
    Consumer c;
    flow:
      p.out ||| c;
  }
}

Declare Module Producer {
  Output Queue is out;
}

Module Producer {
  void run() {
    for (int i = 0; i < 10; ++i)
      send QueueElement(new ArrayPayload<int>(1)) on out;
    std::printf("producer finished\n");
  }
}

Module Consumer {
  void run() {
    QueueElement e = dequeue();
    std::printf("consumer took one and stops\n");
  }
}
// CHECK:      consumer took one and stops
// CHECK-NEXT: aspen: error: deadlock: no module instance can make progress
// CHECK-NEXT:   'p' waits in send on output queue 'out', whose target queue is full
// CHECK-NEXT: exit status 3
// ROOMY-DAG: consumer took one and stops
// ROOMY-DAG: producer finished
