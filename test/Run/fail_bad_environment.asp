// RUN: %aspenc %s -o %t
// RUN: env ASPEN_QUEUE_CAPACITY=1 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: env ASPEN_WORKERS=0 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=WORKERS
// RUN: env ASPEN_STACK_SIZE=lots sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: env ASPEN_SNET_CONCURRENCY=Box:0 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=SNET
// RUN: env ASPEN_SNET_WORKERS=many sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=SNETW
// RUN: env ASPEN_REDUCE_SEGMENT_BYTES=big sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=SEG
// RUN: env ASPEN_PIN=no sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=PIN
// RUN: env ASPEN_STATS=yes sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: env ASPEN_TRACE=%t.no-such-dir/trace.json sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=TRACE
// RUN: env ASPEN_DUMP=%S sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=DUMP
// RUN: env ASPEN_TRACE=%t.json ASPEN_TRACE_EVENTS=few sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=EVENTS
// RUN: env ASPEN_QUEUE_CAPACITY=17592186044417M sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=WRAP
// RUN: env "ASPEN_WORKERS= 2" sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=BLANK
// RUN: env ASPEN_QUEUE_CAPACITY=1k ASPEN_STACK_SIZE=1M ASPEN_WORKERS=2 ASPEN_PIN=0 %t | FileCheck %s --check-prefix=OK
// The runtime's environment variables are checked before anything runs: a
// bad value ends the program with exit status 2 and says what is allowed.
// A size whose suffix would overflow (2^44 + 1 M wrapped round to 1 M) and
// a leading blank are bad values too.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Hello {
  void initialize() {
    Hello h;
    flow:
  }
}

Module Hello {
  void run() { std::printf("hello ran\n"); }
}
// CAP-NOT: hello ran
// WORKERS-NOT: hello ran
// STACK-NOT: hello ran
// CAP:      aspen: error: ASPEN_QUEUE_CAPACITY=1 is not a number between 2 and 16777216
// CAP-NEXT: exit status 2
// WORKERS:      aspen: error: ASPEN_WORKERS=0 is not a number between 1 and 4096
// WORKERS-NEXT: exit status 2
// STACK:      aspen: error: ASPEN_STACK_SIZE=lots is not a number between 16384 and 1073741824
// STACK-NEXT: exit status 2
// OK: hello ran
// SNET-NOT: hello ran
// SNET:      aspen: error: ASPEN_SNET_CONCURRENCY=Box:0: expected N or Box:N,... with each N between 1 and 64
// SNET-NEXT: exit status 2
// SNETW-NOT: hello ran
// SNETW:      aspen: error: ASPEN_SNET_WORKERS=many is not a number between 1 and 4096
// SNETW-NEXT: exit status 2
// SEG-NOT: hello ran
// SEG:      aspen: error: ASPEN_REDUCE_SEGMENT_BYTES=big is not a number between 0 and 1099511627776
// SEG-NEXT: exit status 2
// PIN-NOT: hello ran
// PIN:      aspen: error: ASPEN_PIN=no is not 0 or 1
// PIN-NEXT: exit status 2
// STATS-NOT: hello ran
// STATS:      aspen: error: ASPEN_STATS=yes is not 0 or 1
// STATS-NEXT: exit status 2
// TRACE-NOT: hello ran
// TRACE:      aspen: error: cannot write ASPEN_TRACE file '{{.*}}no-such-dir/trace.json': no such directory
// TRACE-NEXT: exit status 2
// DUMP-NOT: hello ran
// DUMP:      aspen: error: cannot write ASPEN_DUMP file '{{.*}}': it is a directory
// DUMP-NEXT: exit status 2
// EVENTS-NOT: hello ran
// EVENTS:      aspen: error: ASPEN_TRACE_EVENTS=few is not a number between 1024 and 1073741824
// EVENTS-NEXT: exit status 2
// WRAP:      aspen: error: ASPEN_QUEUE_CAPACITY=17592186044417M is not a number between 2 and 16777216
// WRAP-NEXT: exit status 2
// BLANK:      aspen: error: ASPEN_WORKERS= 2 is not a number between 1 and 4096
// BLANK-NEXT: exit status 2
