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

std::vector<PeerAddress> parsePeers(const std::string &Peers) {
  std::vector<PeerAddress> Out;
  for (size_t At = 0;;) {
    size_t Comma = Peers.find(',', At), Colon = Peers.rfind(':', Comma);
    if (Colon == std::string::npos || Colon < At)
      break;
    PeerAddress P;
    P.Host = Peers.substr(At, Colon - At);
    // An IPv6 address comes bracketed, [::1]:port; the resolver wants it
    // bare.
    if (P.Host.size() > 2 && P.Host.front() == '[' && P.Host.back() == ']')
      P.Host = P.Host.substr(1, P.Host.size() - 2);
    // A port is digits, at most 65535: anything else ends the list here
    // (a wrapped or partly read number would name another node's port).
    const std::string Port = Peers.substr(Colon + 1, Comma - Colon - 1);
    if (Port.empty() || Port.size() > 5 ||
        Port.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(Port) > 65535)
      break;
    P.Port = uint16_t(std::stoul(Port));
    Out.push_back(std::move(P));
    if (Comma == std::string::npos)
      break;
    At = Comma + 1;
  }
  return Out;
}

namespace {
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
  const std::vector<PeerAddress> Given = parsePeers(Peers);
  bool AnyUnknown = false;
  for (const PeerAddress &P : Given)
    AnyUnknown |= P.Port == 0;
  if (!AnyUnknown || Self >= Given.size())
    return true;
  const std::string &Host = Given[Self].Host;
  const bool Choose = Given[Self].Port == 0;
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
  const uint16_t Mine = Choose ? Bound : Given[Self].Port;
  const std::vector<PeerAddress> Sent = parsePeers(Line.substr(1));
  bool Complete = Sent.size() == Nodes.size();
  for (const PeerAddress &P : Sent)
    Complete &= P.Port != 0;
  if (!Complete || Sent[Self].Port != Mine) {
    std::fprintf(stderr,
                 "aspen: error: node '%s': the launcher sent addresses that "
                 "are incomplete or do not list this node's port %u\n",
                 Name.c_str(), unsigned(Mine));
    return false;
  }
  setenv(info(Setting::PEERS).Name, Line.c_str() + 1, 1);
  if (Choose)
    setenv(info(Setting::LISTEN_FD).Name, std::to_string(Fd).c_str(), 1);
  return true;
}

} // namespace aspen::rt::launch
