// RUN: %aspenc %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_STATS=1 %t 2>&1 | FileCheck %s --check-prefix=STATS
// The S-Net runtime's test starobserver (examples/tests/C): its observer
// metadata is what SNet/snet-rts-netobserver.asp says of observers; the
// network, a star round a decrement and a conditional filter, is ported
// here as written. The filter's {<B>} names a tag its pattern does not
// bind: in S-Net that is a new tag of value 0, which aspenc accepts with a
// warning.
//
// Inputs <A> = 3, 1, 0: each goes round until <A> <= 0 and leaves as
// {<B>} = 0; decr and test fire 3 + 1 + 1 = 5 times each.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net starobserver
{
  net decr
  connect [{<A>} -> {<A=A-1>}];

  net test
  // WARN: starobserver.asp:[[@LINE+1]]:40: warning: filter output tag '<B>' is not bound by its pattern, so it is a new tag with the value 0; write '<B = 0>' if that is meant
  connect [{<A>} -> if <A <= 0> then {<B>} else {<A>}];

} connect (decr .. test) * {<B>};

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| starobserver ||| sink;
  }
}

Module Src {
  void run() {
    for (long a : {3, 1, 0}) {
      auto *r = new aspen::snet::Record();
      r->tag("A", a);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      const auto &R = getPayload<aspen::snet::Record>(q);
      std::printf("B=%ld A:%s\n", R.tag("B"), R.hasTag("A") ? "yes" : "no");
    }
  }
}
// CHECK-COUNT-3: B=0 A:no
// CHECK-NOT:     B=
// STATS:      network net#1: 3 records in, 3 out
// STATS-NEXT:   filter at {{.*}}starobserver.asp:21:{{[0-9]+}}: 5 firings
// STATS-NEXT:   filter at {{.*}}starobserver.asp:25:{{[0-9]+}}: 5 firings
