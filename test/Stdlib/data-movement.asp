// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | env LC_ALL=C sort | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | env LC_ALL=C sort | FileCheck %s
// Scatter cuts each array into contiguous pieces, one per receiver (sizes
// differ by at most one); Gather joins one array per participant and round
// in participant order, for each receiver or, without receivers, for every
// participant; AllToAll gives receiver j piece j of every participant's
// array. Two rounds each: rounds never mix.
#include <cstdio>
#include <string>

Module Main is Root requires Module Src, Module W, Module Show, Module Gather {
  void initialize() {
    Src src;
    W w[3];
    Show gathered, allGathered[3], a2a[3];
    Gather g;
    flow:
      src ||| Scatter() ||| w;
      w ||| g ||| gathered;
      w.copy ||| Gather() ||| allGathered;
      w.mixed ||| AllToAll() ||| a2a;
  }
}

Module Src {
  void run() {
    for (int round = 0; round < 2; ++round) {
      auto *a = new ArrayPayload<int>(7);
      for (int i = 0; i < 7; ++i)
        (*a)[i] = 100 * round + i;
      send a;
    }
  }
}

Declare Module W { Output Queue is copy, mixed; }
Module W {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &a = getPayload<ArrayPayload<int>>(q);
      std::string s = std::string(instanceName()) + " piece:";
      for (size_t k = 0; k < a.size(); ++k)
        s += " " + std::to_string(a[k]);
      std::printf("%s\n", s.c_str());
      // Its piece, for Gather; and three elements tagged with its index,
      // one for each receiver of the all-to-all.
      send new ArrayPayload<int>(a.data(), a.size()) on copy;
      auto *m = new ArrayPayload<long>(3);
      for (int j = 0; j < 3; ++j)
        (*m)[j] = 10 * instanceIndex() + j;
      send m on mixed;
      send q;
    }
  }
}

Module Show {
  void run() {
    int round = 0;
    while (QueueElement q = dequeue()) {
      std::string s = std::string(instanceName()) + " round " + std::to_string(round++) + ":";
      if (auto *i = dynamic_cast<ArrayPayload<int> *>(q.get()))
        for (size_t k = 0; k < i->size(); ++k)
          s += " " + std::to_string((*i)[k]);
      else
        for (long v : std::vector<long>(getPayload<ArrayPayload<long>>(q).data(),
                                        getPayload<ArrayPayload<long>>(q).data() + 3))
          s += " " + std::to_string(v);
      std::printf("%s\n", s.c_str());
    }
  }
}
// CHECK:      a2a[0] round 0: 0 10 20
// CHECK-NEXT: a2a[0] round 1: 0 10 20
// CHECK-NEXT: a2a[1] round 0: 1 11 21
// CHECK-NEXT: a2a[1] round 1: 1 11 21
// CHECK-NEXT: a2a[2] round 0: 2 12 22
// CHECK-NEXT: a2a[2] round 1: 2 12 22
// CHECK-NEXT: allGathered[0] round 0: 0 1 2 3 4 5 6
// CHECK-NEXT: allGathered[0] round 1: 100 101 102 103 104 105 106
// CHECK-NEXT: allGathered[1] round 0: 0 1 2 3 4 5 6
// CHECK-NEXT: allGathered[1] round 1: 100 101 102 103 104 105 106
// CHECK-NEXT: allGathered[2] round 0: 0 1 2 3 4 5 6
// CHECK-NEXT: allGathered[2] round 1: 100 101 102 103 104 105 106
// CHECK-NEXT: gathered round 0: 0 1 2 3 4 5 6
// CHECK-NEXT: gathered round 1: 100 101 102 103 104 105 106
// CHECK-NEXT: w[0] piece: 0 1
// CHECK-NEXT: w[0] piece: 100 101
// CHECK-NEXT: w[1] piece: 102 103
// CHECK-NEXT: w[1] piece: 2 3
// CHECK-NEXT: w[2] piece: 104 105 106
// CHECK-NEXT: w[2] piece: 4 5 6
