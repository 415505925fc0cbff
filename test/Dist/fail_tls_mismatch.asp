// RUN: %aspenc %s --hostfile %S/Inputs/tls-mixed-hosts -o %t
// RUN: %python %S/Inputs/tls_wire.py mixed %t 127.0.0.93 47731 127.0.0.94 47732 00112233445566778899aabbccddeeff 1 0 > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR10 < %t.err
// RUN: %python %S/Inputs/tls_wire.py mixed %t 127.0.0.93 47731 127.0.0.94 47732 00112233445566778899aabbccddeeff 0 1 > %t.out2 2> %t.err2
// RUN: FileCheck %s --check-prefix=OUT < %t.out2
// RUN: FileCheck %s --check-prefix=ERR01 < %t.err2
// A node with ASPEN_NET_TLS=1 meets one with ASPEN_NET_TLS=0 (either as
// the node that dials or the one that accepts): the greeting says each
// side's setting, proven with the secret, so both nodes stop at once with
// an error that names the other node and both settings, well within the
// connect timeout (20 s here), instead of waiting for it.
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
Module A { void run() { send new ArrayPayload<long>(1); } }
Module B {
  void run() {
    while (QueueElement q = dequeue()) {
    }
  }
}
// OUT: mixed: statuses {{[1-9][0-9]*}} {{[1-9][0-9]*}}
// OUT: mixed: both ended within 5 s: yes
// ERR10-DAG: aspen: error: node '127.0.0.93': node '127.0.0.94' has ASPEN_NET_TLS=0 and this node ASPEN_NET_TLS=1: every node of a job must encrypt its traffic or none
// ERR10-DAG: aspen: error: node '127.0.0.94': node '127.0.0.93' has ASPEN_NET_TLS=1 and this node ASPEN_NET_TLS=0: every node of a job must encrypt its traffic or none
// ERR01-DAG: aspen: error: node '127.0.0.93': node '127.0.0.94' has ASPEN_NET_TLS=1 and this node ASPEN_NET_TLS=0: every node of a job must encrypt its traffic or none
// ERR01-DAG: aspen: error: node '127.0.0.94': node '127.0.0.93' has ASPEN_NET_TLS=0 and this node ASPEN_NET_TLS=1: every node of a job must encrypt its traffic or none
