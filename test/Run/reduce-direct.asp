// RUN: %aspenc %s -o %t --root=Pair
// RUN: env ASPEN_WORKERS=2 ASPEN_STATS=1 %t 2>&1 | FileCheck %s --check-prefixes=PAIR,DIRECT
// RUN: env ASPEN_WORKERS=1 %t 2>&1 | FileCheck %s --check-prefix=PAIR
// RUN: env ASPEN_TRACE=%t.json ASPEN_STATS=1 %t 2>&1 | FileCheck %s --check-prefixes=PAIR,FIBER
// RUN: %aspenc %s -o %t.order --root=Order
// RUN: env ASPEN_STATS=1 %t.order 2>&1 | FileCheck %s --check-prefixes=ORDER,DIRECT
// RUN: %aspenc %s -o %t.ends --root=Ends
// RUN: env ASPEN_STATS=1 %t.ends 2>&1 | FileCheck %s --check-prefixes=ENDS,DIRECT
// RUN: %aspenc %s -o %t.wide --root=Wide
// RUN: env ASPEN_STATS=1 %t.wide 2>&1 | FileCheck %s --check-prefixes=WIDE,FIBER
// RUN: %aspenc %s -o %t.stuck --root=Stuck
// RUN: not %t.stuck 2>&1 | FileCheck %s --check-prefix=STUCK
// A small reduce inside one process is run by its receivers: every
// participant sends every receiver a copy and each receiver combines them
// in participant order. Results are those of the reduce's own fiber, which
// still runs a traced program and a reduce of more than 4 participant and
// receiver pairs: each round of its own, in participant order for a user
// operation, and the end of a participant's stream ends the reduce. A
// deadlock report says which contributions a waiting receiver lacks.
#include <cstdio>
#include <aspen/runtime.h>
#include "Inputs/digits_op.h"

Module Pair is Root requires Module Peer, Module Reduce {
  void initialize() {
    Peer p[2];
    Reduce r;
    flow:
      p ||| r(sum);
  }
}
Module Order is Root requires Module Digit, Module Reduce {
  void initialize() {
    Digit d[2];
    Reduce r;
    flow:
      d ||| r(append);
  }
}
Module Ends is Root requires Module Short, Module Show, Module Reduce {
  void initialize() {
    Short s[2];
    Show o;
    Reduce r;
    flow:
      s ||| r(sum) ||| o;
  }
}
Module Wide is Root requires Module Peer, Module Show, Module Reduce {
  void initialize() {
    Peer p[3];
    Show o[2];
    Reduce r;
    flow:
      p ||| r(sum) ||| o;
  }
}
Module Stuck is Root requires Module Once, Module Reduce {
  void initialize() {
    Once o[2];
    Reduce r;
    flow:
      o ||| r(sum);
  }
}

// Rounds of 1, 2 and 1000 doubles: element k of round t from instance i
// is i * 100 + t * 10 + k, so every element of every round differs.
Module Peer {
  void run() {
    const size_t sizes[] = {1, 2, 1000};
    for (int t = 0; t < 3; ++t) {
      const size_t n = sizes[t];
      auto *a = new ArrayPayload<double>(n);
      double *v = a->data();
      for (size_t k = 0; k < n; ++k)
        v[k] = instanceIndex() * 100.0 + t * 10.0 + double(k);
      send a;
      if (instanceCount() == 2) {
        QueueElement q = dequeue();
        double *s = getPayload(q);
        bool right = true;
        for (size_t k = 0; k < n; ++k)
          right &= s[k] == 100.0 + t * 20.0 + 2.0 * double(k);
        std::printf("peer %d round %d: %zu elements %s\n", instanceIndex(), t,
                    n, right ? "right" : "WRONG");
      }
    }
  }
}

Module Digit {
  void run() {
    for (int t = 0; t < 3; ++t) {
      send new Digits(instanceIndex() + 1 + t);
      QueueElement q = dequeue();
      std::printf("digit %d round %d: %ld\n", instanceIndex(), t,
                  static_cast<Digits *>(q.get())->V);
    }
  }
}

// s[1] ends after two rounds: the reduce ends with it.
Module Short {
  void run() {
    for (int t = 0; t < (instanceIndex() == 0 ? 3 : 2); ++t) {
      long v = t + 1;
      send new ArrayPayload<long>(&v, 1);
    }
  }
}

// o[0] contributes twice, o[1] once; both wait for two results.
Module Once {
  void run() {
    for (int t = 0; t < 2 - instanceIndex(); ++t) {
      long v = 1;
      send new ArrayPayload<long>(&v, 1);
    }
    for (int t = 0; t < 2; ++t) {
      QueueElement q = dequeue();
      std::printf("once %d: %ld\n", instanceIndex(), static_cast<long *>(q.get()->elementData())[0]);
    }
  }
}

Module Show {
  void run() {
    int got = 0;
    while (QueueElement q = dequeue()) {
      if (ArrayPayload<long> *l = dynamic_cast<ArrayPayload<long> *>(q.get()))
        std::printf("show %d: %ld\n", instanceIndex(), l->data()[0]);
      else
        std::printf("show %d: %zu doubles, first %g\n", instanceIndex(),
                    q.get()->elementCount(),
                    static_cast<double *>(q.get()->elementData())[0]);
      ++got;
    }
    std::printf("show %d: end after %d\n", instanceIndex(), got);
  }
}
// PAIR-DAG: peer 0 round 0: 1 elements right
// PAIR-DAG: peer 1 round 0: 1 elements right
// PAIR-DAG: peer 0 round 1: 2 elements right
// PAIR-DAG: peer 1 round 1: 2 elements right
// PAIR-DAG: peer 0 round 2: 1000 elements right
// PAIR-DAG: peer 1 round 2: 1000 elements right
// ORDER-DAG: digit 0 round 0: 12
// ORDER-DAG: digit 1 round 0: 12
// ORDER-DAG: digit 0 round 1: 23
// ORDER-DAG: digit 1 round 2: 34
// ENDS: show 0: 2
// ENDS-NEXT: show 0: 4
// ENDS-NEXT: show 0: end after 2
// WIDE-DAG: show 0: 1 doubles, first 300
// WIDE-DAG: show 1: 1 doubles, first 300
// WIDE-DAG: show 0: 1000 doubles, first 360
// WIDE-DAG: show 1: end after 3
// STUCK-DAG: once 0: 2
// STUCK-DAG: once 1: 2
// STUCK: aspen: error: deadlock: no module instance can make progress
// STUCK-DAG: 'o[0]' waits in dequeue on its default input queue, the result of reduce 'r', combined here, with the contributions of 'o[0]' in and of 'o[1]' not yet
// STUCK-DAG: 'o[1]' waits in dequeue on its default input queue, the result of reduce 'r', combined here, with the contributions of 'o[0]' in and of 'o[1]' not yet
// DIRECT: reduce {{.*}}: run by its receivers
// FIBER-NOT: run by its receivers
