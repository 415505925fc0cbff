// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 sh -c '%t > %t.out; echo "exit status $?"' | FileCheck %s --check-prefix=STATUS
// RUN: FileCheck %s < %t.out
// RUN: env ASPEN_WORKERS=2 sh -c '%t > %t.out; echo "exit status $?"' | FileCheck %s --check-prefix=STATUS
// RUN: FileCheck %s < %t.out
// std::exit(N) in a module ends the program with status N, as in any C++
// program, and what it printed (buffered, into a file) is kept. Before, the
// static destructors ran under the running fibers and the process aborted
// (status 134) with the output lost.
// CHECK: B got 0
// CHECK-NEXT: B got 1
// CHECK-NEXT: B got 2
// CHECK-NEXT: A exits after 3
#include <cstdio>
#include <cstdlib>

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    flow:
      a ||| b ||| a;
  }
}
Module A {
  void run() {
    for (int i = 0; i < 3; ++i)
      send new ArrayPayload<int>(&i, 1);
    QueueElement done = dequeue(); // B has printed all three
    std::printf("A exits after %d\n", getPayload<ArrayPayload<int>>(done)[0]);
    // STATUS: exit status 7
    std::exit(7);
  }
}
Module B {
  void run() {
    for (int n = 1; n <= 3; ++n) {
      QueueElement q = dequeue();
      std::printf("B got %d\n", getPayload<ArrayPayload<int>>(q)[0]);
    }
    int n = 3;
    send new ArrayPayload<int>(&n, 1);
    dequeue(); // never comes: A ends the program
  }
}
