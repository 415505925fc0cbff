// CALLERS callers each print tinyScale(helperBase() + 1), with the factor
// the library's target defines for its users.
#include <cstdio>
#include <aspen/runtime.h>
#include "helper.h"
#include "tiny.h"

Module Main is Root requires Module Caller, Module Sink {
  void initialize() {
    const int CALLERS = 1;
    Caller c[CALLERS];
    Sink s;
    flow:
      c ||| s;
  }
}

Module Caller {
  void run() {
    std::printf("caller %d of %d: tinyScale(%d) = %d, factor %d\n",
                instanceIndex(), instanceCount(), helperBase() + 1,
                tinyScale(helperBase() + 1), TINY_FACTOR);
    send QueueElement();
  }
}

Module Sink {
  void run() {
    for (int i = 0; i < CALLERS; ++i)
      dequeue();
  }
}
