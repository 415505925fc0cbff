// RUN: %aspenc %s --root=Lines -o %t.lines
// RUN: %python %S/Inputs/tcp_client.py %t.lines halfclose | FileCheck %s --check-prefix=LINES
// RUN: %aspenc %s --root=Http -o %t.http
// RUN: %python %S/Inputs/tcp_client.py %t.http badlength | FileCheck %s --check-prefix=HTTP
// A client that half-closes its connection after its requests still gets
// every reply, and a last line without its line end is a request too
// (before: the connection closed at once and the replies were lost). An
// HTTP request whose Content-Length is no length (-1) is answered 400 and
// the connection closed, as nginx does (before: the length wrapped round
// and the request was cut short); http-limits.asp has the other limits.
// LINES: half-closed: ['FIRST', 'LAST']
// LINES: exit 0
// HTTP: bad length: b'HTTP/1.1 400 Bad Request\r\n
// HTTP: exit 0
#include <cctype>

Module Lines is Root requires Module TcpListen, Module Upper, Module TcpReply {
  void initialize() {
    TcpListen listen(0, "line", 1);
    Upper up;
    TcpReply reply;
    flow:
      listen ||| up ||| reply;
  }
}
Module Http is Root requires Module TcpListen, Module Upper, Module TcpReply {
  void initialize() {
    TcpListen listen(0, "http", 1);
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
