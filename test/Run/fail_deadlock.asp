// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: not %t 2>/dev/null | FileCheck %s --check-prefix=STDOUT
// RUN: env ASPEN_DUMP=/dev/full sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=FULL
// Two instances that each wait for the other before sending anything: the
// program ends with exit status 3 and names both instances and the queue
// each waits on. What they printed before is flushed first; the finished
// instance is not listed.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Left, Module Right, Module Quick {
  void initialize() {
    Left a;
    Right b;
    Quick q;
    flow:
      a ||| b ||| a;
      q ||| b;
  }
}

Module Left {
  void run() {
    std::printf("a waits\n");
    QueueElement e = dequeue();
    send e;
  }
}

Module Right {
  void run() {
    QueueElement first = dequeue();   // from q
    std::printf("b got one\n");
    QueueElement e = dequeue();       // from a or q: never comes
    send e;
  }
}

Module Quick {
  void run() { send QueueElement(new ArrayPayload<int>(1)); }
}
// CHECK-DAG: a waits
// CHECK-DAG: b got one
// CHECK:      aspen: error: deadlock: no module instance can make progress
// CHECK-NEXT:   'a' waits in dequeue on its default input queue, which is empty
// CHECK-NEXT:   'b' waits in dequeue on its default input queue, which is empty
// CHECK-NEXT: exit status 3
// CHECK-NOT: {{.}}
// STDOUT-DAG: a waits
// STDOUT-DAG: b got one
// A dump that cannot be written (a full device, or where nobody may write)
// is reported, not lost without a word.
// FULL: cannot write ASPEN_DUMP file '/dev/full'
