// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// A named output queue connected to a vector deals round-robin too, and
// each output queue keeps its own position: 'jobs' goes to the workers'
// default input, 'urgent' to their named input 'fast'.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Boss, Module Worker, Module Tally {
  void initialize() {
    Boss b;
    Worker w[4];
    Tally t;
    flow:
      b.jobs ||| w;
      b.urgent ||| w.fast;
      w ||| t;
  }
}

Declare Module Boss {
  Output Queue is jobs, urgent;
}

Declare Module Worker {
  Input Queue is fast;
}

Module Boss {
  void run() {
    // 10 jobs: w[0], w[1] get 3, w[2], w[3] get 2. 6 urgent: w[0], w[1] get 2.
    for (int i = 0; i < 10; ++i) {
      send QueueElement(new ArrayPayload<int>(std::vector<int>{i})) on jobs;
      if (i < 6)
        send QueueElement(new ArrayPayload<int>(std::vector<int>{100 + i})) on urgent;
    }
    for (int k = 0; k < 4; ++k) {
      send QueueElement() on jobs;
      send QueueElement() on urgent;
    }
  }
}

Module Worker {
  void run() {
    int jobs = 0, urgent = 0, sum = 0;
    for (;;) {
      QueueElement e = dequeue(fast);
      if (!e)
        break;
      int *v = getPayload(e);
      ++urgent;
      sum += v[0];
    }
    for (;;) {
      QueueElement e = dequeue();
      if (!e)
        break;
      int *v = getPayload(e);
      ++jobs;
      sum += v[0];
    }
    send QueueElement(new ArrayPayload<int>(std::vector<int>{instanceIndex(), jobs, urgent, sum}));
  }
}

Module Tally {
  void run() {
    int r[4][3];
    for (int i = 0; i < 4; ++i) {
      QueueElement e = dequeue();
      int *v = getPayload(e);
      for (int j = 0; j < 3; ++j)
        r[v[0]][j] = v[j + 1];
    }
    for (int k = 0; k < 4; ++k)
      std::printf("w[%d]: %d jobs, %d urgent, sum %d\n", k, r[k][0], r[k][1], r[k][2]);
  }
}
// w[0]: jobs 0,4,8 urgent 100,104 -> 12 + 204
// CHECK:      w[0]: 3 jobs, 2 urgent, sum 216
// w[1]: jobs 1,5,9 urgent 101,105 -> 15 + 206
// CHECK-NEXT: w[1]: 3 jobs, 2 urgent, sum 221
// w[2]: jobs 2,6 urgent 102 -> 8 + 102
// CHECK-NEXT: w[2]: 2 jobs, 1 urgent, sum 110
// w[3]: jobs 3,7 urgent 103 -> 10 + 103
// CHECK-NEXT: w[3]: 2 jobs, 1 urgent, sum 113
