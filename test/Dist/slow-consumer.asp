// RUN: %aspenc -w %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: env ASPEN_QUEUE_CAPACITY=16 ASPEN_NET_WINDOW=8 %t | FileCheck %s
// Two channels share the one connection between the nodes. fast's consumer
// takes everything at once; slow's consumer reads nothing until fast's has
// seen all 20000 messages. If the stalled channel held up the connection
// (a full queue blocking the receive path), fast would never finish and
// the job would hang.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    Producer slow, fast;
    Consumer cs, cf;
    place slow on 0;
    place fast on 0;
    place cs on 1;
    place cf on 1;
    flow:
      slow ||| cs;
      fast ||| cf;
      cf.go ||| cs.go;
  }
}
Declare Module Consumer {
  Input:
    Input Queue is go;
  Output:
    Output Queue is go;
}

Module Producer {
  void run() {
    for (long i = 0; i < 20000; ++i)
      send new ArrayPayload<long>(&i, 1);
  }
}

Module Consumer {
  void run() {
    bool slow = instanceName()[1] == 's';
    if (slow) {
      QueueElement g = dequeue(go); // only after fast's consumer is done
      std::printf("cs: released after cf got %ld\n",
                  *static_cast<long *>(getPayload(g)));
    }
    long n = 0, sum = 0;
    while (QueueElement q = dequeue()) {
      sum += *static_cast<long *>(getPayload(q));
      ++n;
    }
    std::printf("%s: %ld messages, sum %ld\n", instanceName(), n, sum);
    if (!slow)
      send new ArrayPayload<long>(&n, 1) on go;
  }
}
// CHECK-DAG: [127.0.0.2] cf: 20000 messages, sum 199990000
// CHECK-DAG: [127.0.0.2] cs: released after cf got 20000
// CHECK-DAG: [127.0.0.2] cs: 20000 messages, sum 199990000
