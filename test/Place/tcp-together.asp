// RUN: %aspenc --dump-graph --hostfile %S/Inputs/four-nodes %s | FileCheck %s
// TcpListen and TcpReply run on one node, the one whose process holds the
// connections: where one is pinned (or else where most of them are); the
// modules between them go wherever the usual rules put them.
Module Main is Root requires Module TcpListen, Module Work, Module TcpReply {
  void initialize() {
    TcpListen listen(0, "line");
    Work w[4];
    TcpReply reply;
    place reply on 3;
    flow:
      listen ||| w ||| reply;
  }
}
Module Work {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::net::Request>(q);
      send new aspen::net::Response(r.connection, r.str());
    }
  }
}
// CHECK-DAG: listen : TcpListen {{.*}}@127.0.0.4
// CHECK-DAG: reply : TcpReply on node #3 @127.0.0.4
// CHECK-DAG: w[0] : Work {{.*}}@127.0.0.1
