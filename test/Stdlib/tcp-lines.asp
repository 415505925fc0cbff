// RUN: %aspenc %s -o %t
// RUN: %python %S/Inputs/tcp_client.py %t lines | FileCheck %s
// TcpListen cuts lines from two connections at once; TcpReply answers each
// on its own connection; after its two connections have closed the
// listener ends its stream and the program exits 0.
// CHECK: a: ['HELLO', 'WORLD']
// CHECK: b: ['ONE', 'TWO']
// CHECK: exit 0
#include <cctype>

Module Main is Root requires Module TcpListen, Module Upper, Module TcpReply {
  void initialize() {
    TcpListen listen(0, "line", 2);
    Upper up;
    TcpReply reply;
    flow:
      listen ||| up ||| reply;
  }
}

Module Upper {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::net::Request>(q);
      std::string s = r.str();
      for (char &c : s)
        c = char(std::toupper((unsigned char)c));
      send new aspen::net::Response(r.connection, s + "\n");
    }
  }
}
