// RUN: %aspenc %s %S/Inputs/checksum.cpp -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: not %aspenc %s -o %t.nolink 2>&1 | FileCheck %s --check-prefix=NOCPP
// C++ from an extra .cpp file given on the command line: the modules call a
// function and read a global it defines. Without the file the program does
// not link.
#include <cstdio>
#include <aspen/runtime.h>
#include "Inputs/checksum.h"

Module Main is Root requires Module Data, Module Check {
  void initialize() {
    Data d;
    Check c;
    flow:
      d ||| c;
  }
}

Module Data {
  void run() {
    std::vector<uint16_t> w(1000);
    for (unsigned i = 0; i < w.size(); ++i)
      w[i] = uint16_t(i * 2654435761u >> 7);
    send QueueElement(new ArrayPayload<uint16_t>(std::move(w)));
  }
}

Module Check {
  void run() {
    QueueElement e = dequeue();
    uint16_t *w = getPayload(e);
    std::printf("%s = %08x\n", checksumName, fletcher32(w, 1000));
  }
}
// CHECK: fletcher32 = 9b1fe9b6
// NOCPP-DAG: undefined symbol: fletcher32
// NOCPP-DAG: undefined symbol: checksumName
// NOCPP-DAG: error: linking {{.*}} failed
