// TcpReply: writes every aspen::net::Response it receives to the connection
// the response names (the `connection` of the request it answers), in the
// order it receives them, closing the connection afterwards when `close`
// is set. A response for a connection that has gone is dropped.
#include <aspen/stdlib.h>

Declare Module TcpReply {
  node_local { "the connections TcpListen accepts" }
}

Module TcpReply {
  void run() {
    while (QueueElement q = dequeue()) {
      getPayload<aspen::net::Response>(q); // checks the type
      aspen::net::reply(static_cast<aspen::net::Response *>(q.release()));
    }
  }
}
