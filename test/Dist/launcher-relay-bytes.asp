// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t > %t.out 2> %t.err
// RUN: %python %S/Inputs/relay_bytes.py %t.out
// The launcher relays each node's output byte for byte, NULs included, a
// line at a time with the node's name in front; a line longer than what it
// holds at once (64 KiB) goes out whole, prefixed once, however long.
// Before, a NUL ended the line ("a\0b" came out as "a") and a line of
// 256 MB without a newline took 28 s and 790 MB in the launcher.
#include <cstdio>
#include <string>

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
  }
}
Module A {
  void run() {
    std::fwrite("nul:a\0b\n", 1, 8, stdout);
    // 8 MiB in one line, written in pieces without a newline until the end.
    std::string Piece(4096, 'x');
    for (int K = 0; K < 2048; ++K)
      std::fwrite(Piece.data(), 1, Piece.size(), stdout);
    std::fwrite("\nafter\n", 1, 7, stdout);
    std::fflush(stdout);
    send new ArrayPayload<int>(1);
  }
}
Module B {
  void run() {
    dequeue();
    std::printf("b is done\n");
  }
}
