// A module that writes one element past a heap array: only instrumentation
// of the module's own code can see it (the runtime never touches the array).
#include <cstdio>
#include <cstdlib>
#include <aspen/runtime.h>

Module Main is Root requires Module Writer {
  void initialize() {
    Writer w;
    flow:
      w ||| w;
  }
}

Module Writer {
  void run() {
    volatile int n = std::atoi("8");
    int *a = new int[n];
    for (int i = 0; i <= n; ++i) // one too many
      a[i] = i;
    std::printf("sum %d\n", a[0] + a[n - 1]);
    delete[] a;
  }
}
