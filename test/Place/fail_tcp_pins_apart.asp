// RUN: not %aspenc --dump-graph --hostfile %S/Inputs/four-nodes %s 2>&1 | FileCheck %s --implicit-check-not=error:
// Pins that would put TcpListen and TcpReply on different nodes are an
// error: a reply could not reach the connection it answers.
Module Main is Root requires Module TcpListen, Module TcpReply {
  void initialize() {
    TcpListen listen(0, "line");
    TcpReply reply;
    place listen on 0;
// CHECK: fail_tcp_pins_apart.asp:[[@LINE+1]]:20: error: 'listen' is pinned to node '127.0.0.1' and 'reply' to node '127.0.0.3', but TcpListen and TcpReply must run on one node: the connections TcpListen accepts exist only in that node's process{{$}}
    place reply on 2;
    flow:
      listen ||| reply;
  }
}
