// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 THROW=int sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=INT
// RUN: env ASPEN_WORKERS=2 THROW=none %t | FileCheck %s --check-prefix=NONE
// An exception that escapes run() ends the program with exit status 4 and
// names the instance, its module, the exception type and its message.
// Exceptions caught inside run() do not count.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Worker, Module Sink {
  void initialize() {
    Src src;
    Worker w[4];
    Sink sink;
    flow:
      src ||| w ||| sink;
  }
}

Module Src {
  void run() {
    for (int i = 0; i < 4; ++i)
      send QueueElement(new ArrayPayload<int>(std::vector<int>{i * 10 + 2}));
  }
}

Module Worker {
  void run() {
    QueueElement e = dequeue();
    int *v = getPayload(e);
    try {
      throw std::logic_error("handled");
    } catch (std::exception &) {
    }
    const char *mode = std::getenv("THROW");
    if (instanceIndex() == 2 && !(mode && std::strcmp(mode, "none") == 0)) {
      std::printf("w[2] about to throw\n");
      if (mode && std::strcmp(mode, "int") == 0)
        throw 42;
      throw std::runtime_error("bad input " + std::to_string(v[0]));
    }
    send e;
  }
}

Module Sink {
  void run() {
    int sum = 0;
    for (int i = 0; i < 4; ++i) {
      QueueElement e = dequeue();
      int *v = getPayload(e);
      sum += v[0];
    }
    std::printf("sum %d\n", sum);
  }
}
// CHECK:      w[2] about to throw
// CHECK-NEXT: aspen: error: instance 'w[2]' (module Worker) threw std::runtime_error: bad input 22
// CHECK-NEXT: exit status 4
// INT:      w[2] about to throw
// INT-NEXT: aspen: error: instance 'w[2]' (module Worker) threw an exception that is not a std::exception
// INT-NEXT: exit status 4
// NONE: sum 68
