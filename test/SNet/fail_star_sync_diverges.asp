// RUN: %aspenc -w %s -I %S/Inputs -o %t
// RUN: env MODE=none not %t 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env MODE=alone not %t 2>&1 | FileCheck %s --check-prefix=ALONE
// A record that could only go round a star of a synchro-cell for ever is
// reported, naming the star, instead of keeping a worker busy for ever
// (before: the program spun without output). `none`: it matches no pattern
// of the cell (its guard is false), so it passes every replica. `alone`: it
// matches both patterns, so it fires each fresh replica by itself and comes
// out unchanged, without the exit pattern's <go>.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// NONE: error: {{.*}}a record of type {a, <k>} can never leave the star at {{.*}}fail_star_sync_diverges.asp:[[@LINE+2]]:15: it matches no pattern of the synchro-cell it repeats
// ALONE: error: {{.*}}a record of type {a, b, <k>} can never leave the star at {{.*}}fail_star_sync_diverges.asp:[[@LINE+1]]:15: it matches every pattern of the synchro-cell it repeats by itself, and not the exit pattern
      src ||| [| {a, <k>} if (k > 0), {b} |] * {a, b, <go>} ||| sink;
  }
}

Module Src {
  void run() {
    bool alone = std::strcmp(std::getenv("MODE"), "alone") == 0;
    auto *r = new aspen::snet::Record();
    r->field("a", 1).tag("k", alone ? 1 : 0);
    if (alone)
      r->field("b", 2);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
  }
}
