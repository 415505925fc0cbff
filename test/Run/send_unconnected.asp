// RUN: %aspenc %s -o %t 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: env ASPEN_WORKERS=1 %t 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: env ASPEN_WORKERS=2 %t 2>%t.err2 | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err2
// Sending on an output queue that no flow connects drops the messages: the
// runtime warns once per queue and instance, frees the payloads, and the
// program still finishes with status 0.
#include <cstdio>
#include "Inputs/counted.h"

Module Main is Root requires Module Talker, Module Sink {
  void initialize() {
// COMPILE: send_unconnected.asp:[[@LINE+1]]:12: warning: the default output queue of 't' goes nowhere
    Talker t;
    Sink s;
    flow:
      t.kept ||| s;
  }
}

Declare Module Talker {
  Output Queue is kept, lost;
}

Module Talker {
  void run() {
    reportCountedAtExit();
    for (int i = 0; i < 100; ++i) {
      send QueueElement(new Counted(i));
      send QueueElement(new Counted(i)) on lost;
    }
    send QueueElement(new Counted(7)) on kept;
    std::printf("talker: %d alive after sending\n", liveCounted.load());
  }
}

Module Sink {
  void run() {
    QueueElement e = dequeue();
    std::printf("sink got %d\n", getPayload<Counted>(e).value);
  }
}
// CHECK-DAG: talker: {{[01]}} alive after sending
// CHECK-DAG: sink got 7
// CHECK:     at exit: 201 made, 0 alive
// ERR:     aspen: warning: 't' sends on its default output queue, which goes nowhere; the messages are dropped
// ERR-NEXT: aspen: warning: 't' sends on output queue 'lost', which goes nowhere; the messages are dropped
// ERR-NOT: {{.}}
