//===- PortExchange.cpp - A remote node's port, chosen by its host
//---------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The node's side of the launcher's port exchange. A fixed port for every
// remote node would make two nodes on one host collide, and a job collide
// with any other user's process on that port. So a node the launcher
// starts through ssh without a port of its own binds port 0, as the
// launcher does for the nodes it starts here, and the launcher learns the
// port over the same ssh connection:
//
//   node -> launcher, standard output:  "\x01aspen-port PORT\n"
//   launcher -> node, standard input:   "Phost:port,host:port,...\n"
//
// A remote node with a port of its own, started while others' are not
// known yet, writes nothing but waits for the same line back.
//
// The line out is the node's first, written before any user code runs;
// the launcher takes it out of the node's output. The line back comes
// after the job secret (read by the remote shell) and before the bytes the
// launcher relays signals with (watchLauncherLink), which start only once
// this has returned. Neither line is secret: ports are visible to every
// user of a host, and a connection is admitted only with the job secret.
//
//===----------------------------------------------------------------------===//

#include "launch/Launcher.h"
#include "support/Support.h"
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <poll.h>
#include <string>
#include <unistd.h>

namespace aspen::rt::launch {

namespace {
/// Entry Self of a `host:port,...` list, or npos.
bool entryOf(const std::string &Peers, uint32_t Self, std::string &Host,
             std::string &Port) {
  size_t At = 0;
  for (uint32_t K = 0; K < Self; ++K) {
    At = Peers.find(',', At);
    if (At == std::string::npos)
      return false;
    ++At;
  }
  size_t End = Peers.find(',', At), Colon = Peers.rfind(':', End);
  if (Colon == std::string::npos || Colon < At)
    return false;
  Host = Peers.substr(At, Colon - At);
  if (Host.size() > 2 && Host.front() == '[' && Host.back() == ']')
    Host = Host.substr(1, Host.size() - 2);
  Port =
      Peers.substr(Colon + 1, End == std::string::npos ? End : End - Colon - 1);
  return true;
}

/// One line from standard input, read a byte at a time (what follows it
/// is the signal relay's), waiting until Deadline. A 'T' before it: the
/// launcher was interrupted meanwhile.
bool readLine(std::string &Line, std::chrono::steady_clock::time_point Deadline,
              bool &Stop) {
  Line.clear();
  Stop = false;
  for (;;) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
        Deadline - std::chrono::steady_clock::now());
    if (Left.count() <= 0)
      return false;
    pollfd In{0, POLLIN, 0};
    int R = poll(&In, 1, int(std::min<long>(Left.count(), 1000)));
    if (R < 0 && errno != EINTR)
      return false;
    if (R <= 0)
      continue;
    char C;
    ssize_t N = read(0, &C, 1);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    if (Line.empty() && (C == 'T' || C == 'U')) {
      Stop |= C == 'T';
      if (Stop)
        return false;
      continue; // a dump asked for before the job runs: nothing to dump
    }
    if (C == '\n')
      return true;
    if (Line.size() > 1 << 20)
      return false;
    Line += C;
  }
}
} // namespace

bool exchangePorts(const std::vector<NodeInfo> &Nodes, uint32_t Self) {
  const char *Link = settingText(Setting::LAUNCHER_STDIN);
  const char *Peers = settingText(Setting::PEERS);
  if (!Link || std::strcmp(Link, "1") != 0 || !Peers ||
      settingText(Setting::LISTEN_FD))
    return true;
  // Every node the launcher started while some port was unknown waits
  // for the full list; only those whose own port is unknown choose one.
  std::string Host, Port;
  bool AnyUnknown = false;
  for (uint32_t K = 0; K < Nodes.size(); ++K)
    AnyUnknown |= entryOf(Peers, K, Host, Port) && Port == "0";
  if (!AnyUnknown || !entryOf(Peers, Self, Host, Port))
    return true;
  const bool Choose = Port == "0";
  const std::string &Name = Nodes[Self].Name;
  uint16_t Bound = 0;
  int Fd = -1;
  if (Choose) {
    std::string Why;
    Fd = listenOn(Host, 0, Bound, Why);
    if (Fd < 0) {
      std::fprintf(stderr, "aspen: error: node '%s': cannot listen on %s: %s\n",
                   Name.c_str(), Host.c_str(), Why.c_str());
      return false;
    }
    char Told[64];
    int Len = std::snprintf(Told, sizeof Told,
                            "\x01"
                            "aspen-port %u\n",
                            unsigned(Bound));
    std::fflush(stdout); // anything a static constructor printed goes first
    if (write(1, Told, size_t(Len)) != Len) {
      std::fprintf(stderr,
                   "aspen: error: node '%s': cannot tell the launcher its "
                   "port: %s\n",
                   Name.c_str(), std::strerror(errno));
      return false;
    }
  }
  // The launcher answers once every node has told its port; it gives up on
  // them after the connect timeout, and this node waits a little longer so
  // as to hear that rather than guess.
  const auto Deadline =
      std::chrono::steady_clock::now() +
      std::chrono::seconds(settingCount(Setting::CONNECT_TIMEOUT) + 5);
  std::string Line;
  bool Stop = false;
  if (!readLine(Line, Deadline, Stop) || Line.empty() || Line[0] != 'P') {
    if (!Stop)
      std::fprintf(stderr,
                   "aspen: error: node '%s': the launcher did not send the "
                   "nodes' addresses\n",
                   Name.c_str());
    return false;
  }
  const std::string Mine = Choose ? std::to_string(Bound) : Port;
  std::string Check;
  if (!entryOf(Line.substr(1), Self, Host, Check) || Check != Mine) {
    std::fprintf(stderr,
                 "aspen: error: node '%s': the launcher sent addresses that "
                 "do not list this node's port %s\n",
                 Name.c_str(), Mine.c_str());
    return false;
  }
  setenv(info(Setting::PEERS).Name, Line.c_str() + 1, 1);
  if (Choose)
    setenv(info(Setting::LISTEN_FD).Name, std::to_string(Fd).c_str(), 1);
  return true;
}

} // namespace aspen::rt::launch
