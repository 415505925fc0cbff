// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Messages nobody dequeued are freed when the program ends, and a payload
// is moved through the queues, never copied.
#include <cstdio>
#include "Inputs/counted.h"

Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    Producer p[2];
    Consumer c[2];
    flow:
      p ||| c;
  }
}

Module Producer {
  void run() {
    for (int i = 0; i < 50; ++i)
      send QueueElement(new Counted(i));
  }
}

Module Consumer {
  void run() {
    if (instanceIndex() == 0)
      reportCountedAtExit();
    // c[0] reads 10 of its 50, c[1] reads none
    int sum = 0;
    for (int i = 0; i < 10 * (1 - instanceIndex()); ++i) {
      QueueElement e = dequeue();
      sum += getPayload<Counted>(e).value;
    }
    std::printf("%s read sum %d\n", instanceName(), sum);
  }
}
// CHECK-DAG: c[0] read sum 45
// CHECK-DAG: c[1] read sum 0
// CHECK:     at exit: 100 made, 0 alive
