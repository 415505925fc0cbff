// RUN: %aspenc %s -o %t
// RUN: not %t 2> %t.err
// RUN: FileCheck %s < %t.err
// An exception thrown by box code, on whichever worker runs it, ends the
// program with an error naming the box and the network's instance.
#include <stdexcept>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Check ||| sink;
  }
}

Module Check is Box ({<i>} -> {<i>}) {
  void box(long i) {
    if (i == 500)
      throw std::out_of_range("no room for 500");
    emit<1>(i);
  }
}

Module Src {
  void run() {
    for (long i = 0; i < 1000; ++i) {
      auto *r = new aspen::snet::Record();
      r->tag("i", i);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      (void)q;
  }
}
// CHECK: aspen: error: instance '{{.*}}' (a network) threw std::runtime_error: box 'Check' at {{.*}}fail_box_throws.asp:15:15 threw std::out_of_range: no room for 500
