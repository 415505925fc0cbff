// RUN: %aspenc %s -o %t
// RUN: rm -f %t.dot
// RUN: env ASPEN_DUMP=%t.dot ASPEN_WORKERS=2 ASPEN_SNET_WORKERS=2 sh -c '%t & pid=$!; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do sleep 0.1; kill -USR1 $pid; grep -q "box Slow" %t.dot 2>/dev/null && break; done; wait $pid; echo "exit status $?"' | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s < %t.dot
// ASPEN_DUMP on SIGUSR1 while a network runs: the boxes at work, how many
// calls are running and whether records wait for them.
#include <chrono>
#include <cstdio>
#include <thread>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Slow ||| sink;
  }
}

Module Slow is Box ({<i>} -> {<i>}) {
  void box(long i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    emit<1>(i);
  }
}

Module Src {
  void run() {
    for (long i = 0; i < 4; ++i) {
      auto *r = new aspen::snet::Record();
      r->tag("i", i);
      send r;
    }
  }
}

Module Sink {
  void run() {
    long n = 0;
    while (QueueElement q = dequeue())
      ++n;
    std::printf("sink: %ld records\n", n);
  }
}
// OUT: sink: 4 records
// OUT: exit status 0
// CHECK: S-Net: {{[0-9]+}} records at boxes and cells, 2 helpers ({{[0-9]}} idle)\nbox Slow: {{[12]}} running, {{(no )?}}records waiting
