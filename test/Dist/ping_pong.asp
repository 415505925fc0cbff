// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// RUN: env ASPEN_TRACE=%t.json %t > /dev/null
// RUN: %python %S/../Run/Inputs/check_trace.py %t.127.0.0.2.json | FileCheck %s --check-prefix=TRACE
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env ASPEN_TRACE=%t.dir not %t 2>&1 | FileCheck %s --check-prefix=TRACEDIR
// 10000 round trips between two instances on two node processes; the
// empty element that ends the stream crosses too.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Ping, Module Pong {
  void initialize() {
    Ping ping;
    Pong pong;
    place ping on 0;
    place pong on 1;
    flow:
      ping ||| pong ||| ping;
  }
}

Module Ping {
  void run() {
    long checksum = 0, bad = 0;
    QueueElement e = QueueElement(new ArrayPayload<long>(1));
    for (long i = 0; i < 10000; ++i) {
      long *v = getPayload(e);
      v[0] = i;
      send e;
      e = dequeue();
      v = getPayload(e);
      if (v[0] != 7 * i + 3)
        ++bad;
      checksum += v[0];
    }
    std::printf("round trips=10000 checksum=%ld bad=%ld\n", checksum, bad);
    send QueueElement();
  }
}

Module Pong {
  void run() {
    long n = 0;
    for (;; ++n) {
      QueueElement e = dequeue();
      if (!e)
        break;
      long *v = getPayload(e);
      v[0] = 7 * v[0] + 3;
      send e;
    }
    std::printf("pong answered %ld\n", n);
  }
}
// CHECK-DAG: [127.0.0.1] round trips=10000 checksum=349995000 bad=0
// CHECK-DAG: [127.0.0.2] pong answered 10000
// With ASPEN_TRACE each node writes its own file, frames included.
// TRACE-DAG: frames in: 1 names: frames in 127.0.0.1
// TRACE-DAG: frames out: 1 names: frames out 127.0.0.1
// TRACE-DAG: run: {{[0-9]+}} names: {{.*}}pong
// A directory is refused on every node, as on one (before, each node wrote
// a file beside it, named after the directory).
// TRACEDIR-DAG: [127.0.0.1] aspen: error: cannot write ASPEN_TRACE file '{{.*}}.dir': it is a directory
// TRACEDIR-DAG: [127.0.0.2] aspen: error: cannot write ASPEN_TRACE file '{{.*}}.dir': it is a directory
