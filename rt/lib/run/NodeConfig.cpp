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
} // namespace

transport::Config nodeConfig(const Runtime &R, uint32_t Self) {
  transport::Config C;
  C.Nodes = R.Nodes;
  C.Self = Self;
  C.ProgramHash = programHash(R);
  C.QueueCapacity = R.QueueCapacity;
  if (const char *Peers = settingText(Setting::PEERS)) {
    // host:port,host:port,... as the launcher resolved and bound them.
    std::string S = Peers;
    size_t At = 0;
    for (NodeInfo &N : C.Nodes) {
      size_t Comma = S.find(',', At), Colon = S.rfind(':', Comma);
      if (Colon == std::string::npos || Colon < At)
        break;
      N.Host = S.substr(At, Colon - At);
      // An IPv6 address comes bracketed, [::1]:port; the resolver wants it
      // bare.
      if (N.Host.size() > 2 && N.Host.front() == '[' && N.Host.back() == ']')
        N.Host = N.Host.substr(1, N.Host.size() - 2);
      N.Port =
          uint16_t(std::atoi(S.substr(Colon + 1, Comma - Colon - 1).c_str()));
      if (Comma == std::string::npos)
        break;
      At = Comma + 1;
    }
  }
  for (NodeInfo &N : C.Nodes)
    if (N.Port == 0)
      N.Port = uint16_t(settingCount(Setting::PORT));
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
  std::string Seed;
  if (Secret && *Secret) {
    for (size_t K = 0; K < 32; K += 2)
      Seed +=
          char(std::strtoul(std::string(Secret + K, 2).c_str(), nullptr, 16));
  } else {
    // Started by a cluster launcher without a secret: the job id is all
    // the nodes share (docs/runtime.md says to export ASPEN_JOB_SECRET).
    std::string Job;
    for (const char *V : {"SLURM_JOB_ID", "OMPI_MCA_ess_base_jobid", "PMI_ID",
                          "PMIX_NAMESPACE"})
      if (const char *J = std::getenv(V))
        Job += J;
    uint64_t H = C.ProgramHash;
    for (char Ch : Job)
      H = (H ^ uint8_t(Ch)) * 1099511628211ull;
    Seed.append(reinterpret_cast<const char *>(&H), 8);
    H = H * 6364136223846793005ull + 1442695040888963407ull;
    Seed.append(reinterpret_cast<const char *>(&H), 8);
  }
  C.Secret = Seed;
  C.ConnectTimeout = double(settingCount(Setting::CONNECT_TIMEOUT));
  C.PeerTimeout = double(settingCount(Setting::PEER_TIMEOUT));
  C.MaxFrame = settingCount(Setting::MAX_FRAME);
  C.WindowMessages = uint32_t(settingCount(Setting::NET_WINDOW));
  C.WindowBytes = settingCount(Setting::NET_WINDOW_BYTES);
  C.QueueBytes = settingCount(Setting::NET_QUEUE_BYTES);
  return C;
}

} // namespace aspen::rt
