// RUN: %aspenc -w %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: env ASPEN_NET_WINDOW_BYTES=8M ASPEN_NET_QUEUE_BYTES=4M %t | FileCheck %s
// UNSUPPORTED: asan
// A sender of large arrays to a slow receiver on another node runs at most
// a window (8 MiB) plus the queue bound (4 MiB) ahead of the network: of
// the 80 MiB it sends, little is alive at once, so its peak memory grows
// by far less than 80 MiB. With only the bound in messages (256), every
// array would wait in its queue at once. Every array arrives, in order and
// intact.
#include <aspen/runtime.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

// CHECK-DAG: [127.0.0.2] received 40 arrays, 0 bad
// CHECK-DAG: [127.0.0.1] sender memory bounded: yes

Module Main is Root requires Module Sender, Module Receiver {
  void initialize() {
    Sender s;
    Receiver r;
    place s on 0;
    place r on 1;
    flow:
      s ||| r;
  }
}

Module Sender {
  static long peakKiB() {
    long Kib = -1;
    if (FILE *F = std::fopen("/proc/self/status", "r")) {
      char Line[256];
      while (std::fgets(Line, sizeof Line, F))
        if (std::strncmp(Line, "VmHWM:", 6) == 0)
          Kib = std::atol(Line + 6);
      std::fclose(F);
    }
    return Kib;
  }
  void run() {
    const size_t Size = 2 << 20;
    long Before = peakKiB();
    for (long i = 0; i < 40; ++i) {
      auto *A = new ArrayPayload<char>(Size); // zero-filled: pages touched
      (*A)[0] = char(i);
      (*A)[Size - 1] = char(i);
      send A;
    }
    long Grew = (peakKiB() - Before) / 1024;
    std::printf("sender memory bounded: %s\n", Grew < 40 ? "yes" : "no");
    if (Grew >= 40)
      std::printf("sender peak grew by %ld MiB\n", Grew);
  }
}

Module Receiver {
  void run() {
    long n = 0, bad = 0;
    while (QueueElement q = dequeue()) {
      auto &A = getPayload<ArrayPayload<char>>(q);
      if (A.size() != (2 << 20) || A[0] != char(n) || A[A.size() - 1] != char(n))
        ++bad;
      ++n;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    std::printf("received %ld arrays, %ld bad\n", n, bad);
  }
}
