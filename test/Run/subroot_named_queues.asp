// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Named boundary queues of a sub-root: 'st[i].data' and 'st[i].ctl' enter
// as Input.data and Input.ctl, 'st[i].result' and 'st[i].log' leave as
// Output.result and Output.log. After splicing, every message must reach
// the queue its name says, through a vector of two sub-roots.
#include <cstdio>
#include <string>
#include "Inputs/trace.h"

Module Main is Root requires Module Src, Module Stage, Module Sink {
  void initialize() {
    Src src[2];
    Stage st[2];
    Sink out, log;
    flow:
      src ||| st.data;
      src.cfg ||| st.ctl;
      st.result ||| out;
      st.log ||| log;
  }
}

Module Stage is Root requires Module Worker, Module Monitor {
  void initialize() {
    Worker w;
    Monitor m;
    flow:
      Input.data ||| w.in;
      Input.ctl ||| w.ctl;
      w.out ||| Output.result;
      w.trace ||| m ||| Output.log;
  }
}

Declare Module Src {
  Output Queue is cfg;
}

Declare Module Worker {
  Input Queue is in, ctl;
  Output Queue is out, trace;
}

Module Src {
  void run() {
    int k = instanceIndex();
    send QueueElement(new Trace(10 * (k + 1)));        // data
    send QueueElement(new Trace(k + 1)) on cfg;        // a factor
  }
}

Module Worker {
  void run() {
    QueueElement c = dequeue(ctl);
    QueueElement d = dequeue(in);
    Trace &t = getPayload<Trace>(d);
    t.value *= getPayload<Trace>(c).value;
    t.path = instanceName();
    getPayload<Trace>(c).path = std::string("ctl seen by ") + instanceName();
    send d on out;
    send c on trace;
  }
}

Module Monitor {
  void run() {
    QueueElement e = dequeue();
    getPayload<Trace>(e).path += std::string(", then ") + instanceName();
    send e;
  }
}

Module Sink {
  void run() {
    std::string lines[2];
    for (int i = 0; i < 2; ++i) {
      QueueElement e = dequeue();
      Trace &t = getPayload<Trace>(e);
      lines[i] = std::string(instanceName()) + ": " + std::to_string(t.value) + " " + t.path;
    }
    if (lines[1] < lines[0])
      std::swap(lines[0], lines[1]);
    std::printf("%s\n%s\n", lines[0].c_str(), lines[1].c_str());
  }
}
// CHECK-DAG: log: 1 ctl seen by st[0].w, then st[0].m
// CHECK-DAG: log: 2 ctl seen by st[1].w, then st[1].m
// CHECK-DAG: out: 10 st[0].w
// CHECK-DAG: out: 40 st[1].w
