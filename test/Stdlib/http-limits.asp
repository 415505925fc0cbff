// RUN: %aspenc %s -o %t
// RUN: %python %S/Inputs/http_limits.py %t | FileCheck %s
// UNSUPPORTED: asan, tsan
// TcpListen's http framing against a hostile client, with small limits
// (ASPEN_HTTP_HEADER_BYTES=1024, ASPEN_HTTP_BODY_BYTES=100, both
// timeouts 1 s, ASPEN_TCP_PENDING_BYTES=4096): what nginx refuses is
// refused with nginx's status and the connection closed; slow and idle
// clients are cut off; a client that pipelines requests and never reads
// the replies stops being read instead of growing the server.
// CHECK: negative length: HTTP/1.1 400 Bad Request closed=True
// CHECK: two lengths: HTTP/1.1 400 Bad Request closed=True
// CHECK: body too large: HTTP/1.1 413 Content Too Large closed=True
// CHECK: chunked: HTTP/1.1 501 Not Implemented closed=True
// CHECK: head too large: HTTP/1.1 400 Bad Request closed=True
// CHECK: request line too long: HTTP/1.1 414 URI Too Long closed=True
// CHECK: same length twice: HTTP/1.1 200 OK closed=True
// CHECK: unfinished head: nothing closed=True within 0.5-10 s=True
// CHECK: idle after an answer: HTTP/1.1 200 OK closed=True within 0.5-10 s=True
// CHECK: client that never reads: cut off=True
// CHECK: non-reading client: server grew under 32 MiB in 3 s
// CHECK: non-reading client then reads: every request answered=True (over 1 MiB sent)
// CHECK: out of descriptors: server busy under 50 %
// CHECK: out of descriptors, then some close: the last waiting gets HTTP/1.1 200 OK

Module Main is Root requires Module TcpListen, Module Answer, Module TcpReply {
  void initialize() {
    TcpListen listen(0, "http");
    Answer answer;
    TcpReply reply;
    flow:
      listen ||| answer ||| reply;
  }
}

Module Answer {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::net::Request>(q);
      bool close = r.str().find("Connection: close") != std::string::npos;
      send new aspen::net::Response(
          r.connection,
          std::string("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n") +
              (close ? "Connection: close\r\n" : "") + "\r\n0123456789",
          close);
    }
  }
}
