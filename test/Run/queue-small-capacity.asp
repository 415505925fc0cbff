// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=2 KIND=array %t | FileCheck %s --check-prefix=SMALL
// RUN: env ASPEN_WORKERS=1 KIND=empty %t | FileCheck %s --check-prefix=SMALL
// RUN: env ASPEN_WORKERS=2 KIND=sized %t | FileCheck %s --check-prefix=SMALL
// RUN: env ASPEN_WORKERS=2 KIND=array ASPEN_QUEUE_SMALL_CAPACITY=256 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: env ASPEN_WORKERS=2 KIND=array ASPEN_QUEUE_CAPACITY=256 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: env ASPEN_WORKERS=2 KIND=large sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: env ASPEN_WORKERS=1 KIND=unsized sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: env ASPEN_WORKERS=2 KIND=large ASPEN_QUEUE_CAPACITY=1024 %t | FileCheck %s --check-prefix=LARGE
// RUN: env ASPEN_WORKERS=2 KIND=array ASPEN_STATS=1 %t 2>&1 | FileCheck %s --check-prefix=STATS
// A queue holds ASPEN_QUEUE_CAPACITY elements (256), and small ones up to
// ASPEN_QUEUE_SMALL_CAPACITY (4096): empty elements and payloads whose
// byteSize() is 1 to 64 bytes. The producer sends 1000 elements, then a
// word on a second queue; the consumer reads that word first, so all 1000
// must fit in the queue. Small ones do; large ones (800-byte arrays), and
// payloads that do not say their size, stop the producer at 256, which is
// a deadlock here. A capacity set alone bounds every element.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <aspen/runtime.h>
#include "Inputs/sized_payloads.h"


Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    Producer p;
    Consumer c;
    flow:
      p.data ||| c.data;
      p.done ||| c.done;
  }
}

Declare Module Producer {
  Output Queue is data, done;
}

Module Producer {
  void run() {
    const char *k = std::getenv("KIND");
    for (int i = 0; i < 1000; ++i) {
      if (!std::strcmp(k, "array"))
        send new ArrayPayload<int>(&i, 1) on data;
      else if (!std::strcmp(k, "empty"))
        send QueueElement() on data;
      else if (!std::strcmp(k, "sized"))
        send new Sized on data;
      else if (!std::strcmp(k, "unsized"))
        send new Unsized on data;
      else
        send new ArrayPayload<double>(100) on data;
    }
    send new ArrayPayload<int>(1) on done;
  }
}

Declare Module Consumer {
  Input:
    Input Queue is data, done;
}

Module Consumer {
  void run() {
    QueueElement word = dequeue(done);
    int n = 0;
    for (; n < 1000; ++n) // an empty element ends no loop here
      QueueElement e = dequeue(data);
    std::printf("consumer took %d after the word\n", n);
  }
}
// SMALL: consumer took 1000 after the word
// LARGE: consumer took 1000 after the word
// FULL:      aspen: error: deadlock: no module instance can make progress
// FULL-NEXT:   'p' waits in send on output queue 'data', whose target queue is full
// FULL:      exit status 3
// STATS: consumer took 1000 after the word
// STATS: edge p.data -> c: 1000 messages, queue high-water 1000 of 256 (4096 small)
// STATS: edge p.done -> c: 1 messages, queue high-water 1 of 256 (4096 small)
