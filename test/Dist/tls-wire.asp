// RUN: %aspenc -w %s --hostfile %S/Inputs/tls-hosts -o %t
// RUN: %python %S/Inputs/tls_wire.py relay %t 127.0.0.91 47721 127.0.0.92 47722 0f1e2d3c4b5a69788796a5b4c3d2e1f0 1 aspen-needle-5c1f > %t.tls 2> %t.tls.err
// RUN: FileCheck %s --check-prefixes=CHECK,ENC < %t.tls
// RUN: %python %S/Inputs/tls_wire.py relay %t 127.0.0.91 47721 127.0.0.92 47722 0f1e2d3c4b5a69788796a5b4c3d2e1f0 0 aspen-needle-5c1f > %t.plain 2> %t.plain.err
// RUN: FileCheck %s --check-prefixes=CHECK,PLAIN < %t.plain
// RUN: not grep -i error %t.tls.err %t.plain.err
// RUN: %python %S/Inputs/tls_wire.py relay %t 127.0.0.91 47721 127.0.0.92 47722 0f1e2d3c4b5a69788796a5b4c3d2e1f0 1 aspen-needle-5c1f tamper > %t.tamper 2> %t.tamper.err
// RUN: FileCheck %s --check-prefix=TAMPER < %t.tamper
// RUN: FileCheck %s --check-prefix=TAMPER-ERR < %t.tamper.err
// With ASPEN_NET_TLS=1, nothing a node sends to another is readable on the
// wire: a relay between node 1 and node 0 sees every byte of their
// connection, and the string node 0 sends (in small messages, copied into
// a batch, and in a 1 MiB array, written from its own elements) is not
// among them. Without TLS it is: the relay would see it if TLS did not
// encrypt. The job gives the same answer both ways. A bit of node 0's
// traffic flipped on the way (in a TLS record) is noticed by node 1, which
// stops the job naming node 0; nothing changed is delivered.
#include <cstdio>
#include <cstring>
#include <aspen/runtime.h>

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
    static const char Needle[] = "aspen-needle-5c1f";
    const size_t N = sizeof Needle - 1;
    for (int i = 0; i < 100; ++i)
      send new ArrayPayload<char>(Needle, N);
    const size_t Big = 1 << 20;
    auto *P = new ArrayPayload<char>(Big);
    for (size_t At = 0; At + N <= Big; At += N)
      std::memcpy(&(*P)[At], Needle, N);
    send P;
  }
}
Module B {
  void run() {
    long Msgs = 0, Bytes = 0, Needles = 0;
    while (QueueElement q = dequeue()) {
      auto &P = getPayload<ArrayPayload<char>>(q);
      ++Msgs;
      Bytes += long(P.size());
      for (size_t At = 0; At + 17 <= P.size(); At += 17)
        Needles += std::memcmp(&P[At], "aspen-needle-5c1f", 17) == 0;
    }
    std::printf("received %ld messages, %ld bytes, %ld needles\n", Msgs,
                Bytes, Needles);
  }
}
// CHECK: received 101 messages, 1050276 bytes, 61780 needles
// CHECK: relay: {{[0-9]+}} bytes crossed, over 100000: yes
// ENC: relay: needle on the wire: no
// PLAIN: relay: needle on the wire: yes
// TAMPER-NOT: received 101 messages
// TAMPER: relay: statuses {{[0-9]+}} {{[1-9][0-9]*}}
// TAMPER-ERR: aspen: error: node '127.0.0.92': lost the connection to node '127.0.0.91' (127.0.0.91:{{[0-9]+}}): TLS: {{.+}}
