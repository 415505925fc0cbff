// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_STATS=1 %t 2>&1 | FileCheck %s --check-prefix=STATS
// The S-Net runtime's tests netobserver, fileobserver and starobserver
// (examples/tests/C) attach observers through their metadata: a socket or
// a file that is told of every record passing a net. The networks
// themselves are ported: netobserver's and fileobserver's (the same three
// filters in series) here, starobserver's in snet-rts-starobserver.asp; what
// the observers show, aspen shows with ASPEN_TRACE (every box and
// filter's network), ASPEN_DUMP (the records held) and ASPEN_STATS (the
// firings of each filter, checked below: three per record).
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net netobserver
{
  net incr
  connect [{<A>} -> {<A=A+1>}];

  net plus
  connect [{<A>} -> {<A=A+1>}];

  net more
  connect [{<A>} -> {<A=A+1>}];

} connect incr .. plus .. more;

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| netobserver ||| sink;
  }
}

Module Src {
  void run() {
    for (long a : {1, 10, 100}) {
      auto *r = new aspen::snet::Record();
      r->tag("A", a);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("A=%ld\n", getPayload<aspen::snet::Record>(q).tag("A"));
  }
}
// CHECK:      A=4
// CHECK-NEXT: A=13
// CHECK-NEXT: A=103
// STATS:      network net#1: 3 records in, 3 out
// STATS-NEXT:   filter at {{.*}}: 3 firings
// STATS-NEXT:   filter at {{.*}}: 3 firings
// STATS-NEXT:   filter at {{.*}}: 3 firings
