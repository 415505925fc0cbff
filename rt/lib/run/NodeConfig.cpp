//===- NodeConfig.cpp - The settings of one node of a distributed run -----===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a node process takes from its environment: the peers' addresses as
// the launcher bound them, the job secret, timeouts and flow-control
// windows, and the program's hash, so nodes of different builds never talk.
//
//===----------------------------------------------------------------------===//

#include "launch/Launcher.h"
#include "run/Run.h"
#include "support/Support.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace aspen::rt {

std::string portLabel(const Instance &I, uint32_t Port, bool Output) {
  const auto &Names = Output ? I.Type->Outputs : I.Type->Inputs;
  if (I.Type->Builtin || Port == 0)
    return I.Name;
  return I.Name + "." + Names[Port];
}

namespace {
/// Identifies the program, so nodes of different builds never talk.
uint64_t programHash(const Runtime &R) {
  uint64_t H = 1469598103934665603ull;
  auto Mix = [&H](const void *P, size_t N) {
    for (size_t K = 0; K < N; ++K)
      H = (H ^ static_cast<const unsigned char *>(P)[K]) * 1099511628211ull;
  };
  for (const auto &I : R.Instances) {
    Mix(I->Name.data(), I->Name.size());
    Mix(&I->Node, sizeof I->Node);
  }
  Mix(R.Edges.data(), R.Edges.size() * sizeof(uint32_t));
  for (const NodeInfo &N : R.Nodes)
    Mix(N.Name.data(), N.Name.size());
  return H;
}
/// The port of node K of N whose hostfile line gives none, started by a
/// cluster launcher (srun, mpirun), which tells the nodes nothing but their
/// rank: ASPEN_PORT when given; else one the job's secret picks, below the
/// kernel's ephemeral range (32768 on), the same on every node of the job,
/// one after another for its nodes (so nodes of one job sharing a host
/// never collide) and, for two jobs, 20,000 ports apart at random: a fixed
/// default made a second job on any host of the first fail, and lets
/// anyone who can run a process there hold the port first. Nobody without
/// the secret can tell which ports a job will use.
uint16_t defaultPort(const std::string &Seed, size_t K, size_t N) {
  if (settingGiven(Setting::PORT))
    return uint16_t(settingCount(Setting::PORT));
  constexpr uint64_t First = 10000, End = 32768;
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : Seed + "port")
    H = (H ^ C) * 1099511628211ull;
  const uint64_t Span = End - First > N ? End - First - N : 1;
  return uint16_t(First + H % Span + K);
}
} // namespace

transport::Config nodeConfig(const Runtime &R, uint32_t Self) {
  transport::Config C;
  C.Nodes = R.Nodes;
  C.Self = Self;
  C.ProgramHash = programHash(R);
  C.QueueCapacity = R.QueueCapacity;
  if (const char *Peers = settingText(Setting::PEERS)) {
    // host:port,host:port,... as the launcher resolved and bound them.
    std::vector<launch::PeerAddress> Given = launch::parsePeers(Peers);
    for (size_t K = 0; K < Given.size() && K < C.Nodes.size(); ++K) {
      C.Nodes[K].Host = std::move(Given[K].Host);
      C.Nodes[K].Port = Given[K].Port;
    }
  }
  if (const char *Fd = settingText(Setting::LISTEN_FD))
    C.ListenFd = std::atoi(Fd);
  const char *Secret = settingText(Setting::JOB_SECRET);
  if (Secret && *Secret &&
      (std::strlen(Secret) != 32 ||
       std::strspn(Secret, "0123456789abcdefABCDEF") != 32)) {
    // Checked, not mended: a secret of other digits or length would have
    // become a weaker one without a word.
    std::fprintf(stderr,
                 "aspen: error: ASPEN_JOB_SECRET must be 32 hexadecimal "
                 "digits (16 random bytes, as `openssl rand -hex 16` "
                 "prints)\n");
    std::exit(2);
  }
  if (!Secret || !*Secret) {
    // Started as a node (by srun, mpirun, or by hand) without a secret:
    // all the nodes share then is what any user can read (the program, the
    // job id), so a secret made of it would let any local user join the
    // job. Refused, with the fix.
    std::fprintf(stderr,
                 "aspen: error: node '%s' was started without "
                 "ASPEN_JOB_SECRET: export the same 32 hexadecimal digits "
                 "to every node of the job (as `export "
                 "ASPEN_JOB_SECRET=$(openssl rand -hex 16)` before srun or "
                 "mpirun does); without a launcher of its own, a job's "
                 "nodes share nothing else a stranger could not guess\n",
                 R.Nodes[Self].Name.c_str());
    std::exit(2);
  }
  std::string Seed;
  for (size_t K = 0; K < 32; K += 2)
    Seed += char(std::strtoul(std::string(Secret + K, 2).c_str(), nullptr, 16));
  C.Secret = Seed;
  for (size_t K = 0; K < C.Nodes.size(); ++K)
    if (C.Nodes[K].Port == 0)
      C.Nodes[K].Port = defaultPort(Seed, K, C.Nodes.size());
  C.ConnectTimeout = double(settingCount(Setting::CONNECT_TIMEOUT));
  C.PeerTimeout = double(settingCount(Setting::PEER_TIMEOUT));
  C.MaxFrame = settingCount(Setting::MAX_FRAME);
  C.WindowMessages = uint32_t(settingCount(Setting::NET_WINDOW));
  // A window given is the window; by default 64 is the least, raised by
  // each connection's round trip.
  C.WindowByRtt = !settingGiven(Setting::NET_WINDOW);
  C.WindowBytes = settingCount(Setting::NET_WINDOW_BYTES);
  C.QueueBytes = settingCount(Setting::NET_QUEUE_BYTES);
  C.Tls = settingFlag(Setting::NET_TLS);
  return C;
}

} // namespace aspen::rt
