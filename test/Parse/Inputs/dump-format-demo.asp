#include "best.h"

Module Main is Root requires Module Worker, Module Reduce {
  void initialize() {
    const int N = 4;
    Worker w[N];
    Reduce r;
    place w[0:1] on node0;
    flow:
      w ||| r(max) ||| w[0];
  }
}

Module Worker {
  void run() {
    send QueueElement(new Score(instanceIndex()));
    if (instanceIndex() == 0)
      report(getPayload<Score>(dequeue()));
  }
}
