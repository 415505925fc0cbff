// A program whose module calls tinyTwice (Inputs/tiny.cpp), which only a
// library or object on the command line defines.
#include <cstdio>
#include <aspen/runtime.h>
#include "tiny.h"

Module Main is Root requires Module Caller {
  void initialize() {
    Caller c;
    flow:
      c ||| c;
  }
}

Module Caller {
  void run() {
    std::printf("tinyTwice(21) = %d\n", tinyTwice(21));
    send QueueElement();
    dequeue();
  }
}
