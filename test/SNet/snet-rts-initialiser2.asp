// RUN: %aspenc -w %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t > %t.1
// RUN: grep -v 1111 %t.1 | FileCheck %s --check-prefix=INPUT
// RUN: FileCheck %s --check-prefix=INIT < %t.1
// RUN: env ASPEN_WORKERS=2 %t > %t.2
// RUN: grep -v 1111 %t.2 | FileCheck %s --check-prefix=INPUT
// RUN: FileCheck %s --check-prefix=INIT < %t.2
// After the S-Net runtime's test initialiser2
// (examples/tests/C/initialiser2): `init | []`, where init takes no input
// and emits {A=1111} once when the network starts. A parallel composition
// never routes a record to an initialiser, so the ten input records {A}
// all take `[]` and leave unchanged, in their order (one branch's stream);
// where init's record falls among them S-Net leaves open.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net initialiser2 connect init | [];

Module init is Box ( -> {A}) {
  void box() { emit<1>(1111); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| initialiser2 ||| sink;
  }
}

Module Src {
  void run() {
    for (int a = 1; a <= 10; ++a) {
      auto *r = new aspen::snet::Record();
      r->field("A", a);
      send r;
    }
  }
}

Module Sink {
  void run() {
    int N = 0;
    while (QueueElement q = dequeue()) {
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
      ++N;
    }
    std::printf("records: %d\n", N);
  }
}
// INPUT:      {A=1}
// INPUT-NEXT: {A=2}
// INPUT-NEXT: {A=3}
// INPUT-NEXT: {A=4}
// INPUT-NEXT: {A=5}
// INPUT-NEXT: {A=6}
// INPUT-NEXT: {A=7}
// INPUT-NEXT: {A=8}
// INPUT-NEXT: {A=9}
// INPUT-NEXT: {A=10}
// INPUT-NEXT: records: 11
// INPUT-NOT:  {
// INIT-COUNT-1: {A=1111}
// INIT-NOT:     {A=1111}
