// TcpListen(port, framing = "http", maxConnections = 0, host = ""):
// accepts TCP connections on `host:port` (every address when host is "")
// and sends one aspen::net::Request per request read, carrying its bytes and
// the connection to answer on (TcpReply does). framing:
//   "http"   a request head up to the blank line, plus its Content-Length
//            body; a connection's next request is read once this one has
//            been answered, so replies keep their order;
//   "line"   each line, without its line end;
//   "chunk"  whatever one read returns.
// With port 0 the system picks a free port, and TcpListen prints it on
// standard error: `TcpListen 'NAME': listening on port N`.
// After maxConnections connections (0: no limit) it accepts no more, and
// its stream ends when they have all closed. The sockets are served by the
// runtime's event loop: no worker ever blocks on the network.
#include <aspen/stdlib.h>
#include <cstdio>
#include <stdexcept>
#include <string>

Declare Module TcpListen {
  parameters {
    long port;
    std::string framing = "http";
    long maxConnections = 0;
    std::string host = "";
  }
  // A connection is a socket of this process's event loop: TcpReply
  // answers on it from the same process only.
  node_local { "the connections TcpListen accepts" }
}

Module TcpListen {
  void run() {
    aspen::net::Framing f;
    if (framing == "http")
      f = aspen::net::Framing::Http;
    else if (framing == "line")
      f = aspen::net::Framing::Line;
    else if (framing == "chunk")
      f = aspen::net::Framing::Chunk;
    else
      throw std::invalid_argument("TcpListen: unknown framing '" + framing +
                                  "'; expected \"http\", \"line\" or \"chunk\"");
    if (maxConnections < 0)
      throw std::invalid_argument("TcpListen: maxConnections must not be negative");
    if (port < 0 || port > 65535) // before int(port) could wrap into range
      throw std::invalid_argument("TcpListen: cannot listen on port " +
                                  std::to_string(port) +
                                  ": not a port number");
    aspen::net::Listener *l =
        aspen::net::listen(host, int(port), f, uint64_t(maxConnections));
    if (port == 0)
      std::fprintf(stderr, "TcpListen '%s': listening on port %d\n",
                   instanceName(), aspen::net::boundPort(l));
    while (aspen::net::Request *r = aspen::net::next(l))
      send r;
  }
}
