// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t
// RUN: %t | FileCheck %s
// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 --dump-graph | FileCheck %s --check-prefix=PLACE
// Scatter, Gather, AllToAll and Distribute("hash") with their instances on
// three nodes: array pieces and text cross the transport, every element is
// checked where it arrives, 50 rounds each.
// PLACE: Instance #1 w[0] : W [0 of 6] on node #{{[0-9]}} @127.0.0.1
// PLACE: Instance #4 w[3] : W [3 of 6] on node #{{[0-9]}} @127.0.0.2
// PLACE: Instance #6 w[5] : W [5 of 6] on node #{{[0-9]}} @127.0.0.3
// CHECK-DAG: gather: 50 rounds, 0 bad
// CHECK-DAG: all-to-all: 300 pieces, 0 bad
// CHECK-DAG: words: 10 keys, each at one counter: yes
#define ELEMS 3001
#include <cstdio>
#include <map>
#include <string>

Module Main is Root requires Module Src, Module W, Module Sink, Module Check,
                             Module Distribute, Module Count, Module Words {
  void initialize() {
    Src src;
    W w[6];
    Sink sink;
    Check check[6];
    Words words;
    Distribute byKey("hash");
    Count count[3];
    place w[0:1], count[0], check[0:1], src on 0;
    place w[2:3], count[1], check[2:3] on 1;
    place w[4:5], count[2], check[4:5], words on 2;
    flow:
      src ||| Scatter() ||| w;
      w ||| Gather() ||| sink;
      w.blocks ||| AllToAll() ||| check;
      words ||| byKey ||| count ||| sink.counts;
      check ||| sink.a2a;
  }
}

Module Src {
  void run() {
    for (int r = 0; r < 50; ++r) {
      auto *a = new ArrayPayload<int>(ELEMS);
      for (int i = 0; i < ELEMS; ++i)
        (*a)[i] = r * 10000 + i;
      send a;
    }
  }
}

Declare Module W { Output Queue is blocks; }
Module W {
  void run() {
    int r = 0;
    while (QueueElement q = dequeue()) {
      auto &a = getPayload<ArrayPayload<int>>(q);
      // Piece i of 6: elements [i*ELEMS/6, (i+1)*ELEMS/6).
      int first = instanceIndex() * ELEMS / 6, last = (instanceIndex() + 1) * ELEMS / 6;
      bool ok = int(a.size()) == last - first;
      for (size_t k = 0; ok && k < a.size(); ++k)
        ok = a[k] == r * 10000 + first + int(k);
      if (!ok)
        std::printf("w[%d] round %d: a bad piece\n", instanceIndex(), r);
      auto *b = new ArrayPayload<long>(12);
      for (int j = 0; j < 12; ++j)
        (*b)[j] = 1000L * instanceIndex() + j;
      send b on blocks;
      send q;
      ++r;
    }
  }
}

Declare Module Sink { Input Queue is counts, a2a; }
Module Sink {
  void run() {
    int rounds = 0, bad = 0;
    while (QueueElement q = dequeue()) {
      auto &a = getPayload<ArrayPayload<int>>(q);
      bool ok = a.size() == size_t(ELEMS);
      for (int i = 0; ok && i < ELEMS; ++i)
        ok = a[i] == rounds * 10000 + i;
      bad += !ok;
      ++rounds;
    }
    std::printf("gather: %d rounds, %d bad\n", rounds, bad);
    std::map<std::string, int> at;
    bool once = true;
    while (QueueElement q = dequeue(counts)) {
      std::string s = getPayload<aspen::StringPayload>(q).str();
      once = once && at.emplace(s, 1).second;
    }
    std::printf("words: %zu keys, each at one counter: %s\n", at.size(), once ? "yes" : "no");
    int pieces = 0;
    bad = 0;
    while (QueueElement q = dequeue(a2a)) {
      auto &a = getPayload<ArrayPayload<int>>(q);
      pieces += a[0];
      bad += a[1];
    }
    std::printf("all-to-all: %d pieces, %d bad\n", pieces, bad);
  }
}

// Receiver j gets two elements (j*12/6 .. ) of every w's 12, in w order.
Module Check {
  void run() {
    int pieces = 0, bad = 0, j = instanceIndex();
    while (QueueElement q = dequeue()) {
      auto &a = getPayload<ArrayPayload<long>>(q);
      bool ok = a.size() == 12;
      for (int i = 0; ok && i < 6; ++i)
        for (int k = 0; k < 2; ++k)
          ok = ok && a[2 * i + k] == 1000L * i + 2 * j + k;
      bad += !ok;
      ++pieces;
    }
    send new ArrayPayload<int>(std::vector<int>{pieces, bad});
  }
}

Module Words {
  void run() {
    for (int r = 0; r < 20; ++r)
      for (int k = 0; k < 10; ++k)
        send new aspen::StringPayload("k" + std::to_string(k));
  }
}

// Each counter reports every key it saw once.
Module Count {
  void run() {
    std::map<std::string, int> seen;
    while (QueueElement q = dequeue())
      ++seen[getPayload<aspen::StringPayload>(q).str()];
    for (auto &[k, n] : seen)
      send new aspen::StringPayload(k);
  }
}
