//===- Launcher.h - Starting a job's nodes, and knowing which one we are -*- C++
//-*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The entry header of launch/: everything about node processes that comes
// before the transport connects them. Which node this process is (from our
// launcher's or a cluster launcher's environment), a hostfile given at run
// time, how node processes sharing a machine share its cores, and the
// launcher itself (Launcher.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_LAUNCH_LAUNCHER_H
#define ASPEN_RT_LAUNCH_LAUNCHER_H

#include "core/Graph.h"
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace aspen::rt::launch {

/// This process's node index from ASPEN_NODE, SLURM_PROCID,
/// OMPI_COMM_WORLD_RANK or PMI_RANK; -1 if none is set.
int nodeFromEnvironment(size_t NumNodes);

/// `./main --hostfile FILE`: the nodes to run on instead of those the
/// program was built with; the same syntax, and as many nodes as the
/// program was placed on (placement is by node index). False after a
/// message naming the file and line.
bool readHostfile(const char *Path, std::vector<NodeInfo> &Nodes);

/// How the node processes of one machine share its cores: each of Count
/// gets Cores / Count workers (at least one) on cores of its own when there
/// are enough; when there are not, none is pinned, and idle workers give
/// their core away between looks at the network.
struct CoreShare {
  unsigned Workers = 1;
  bool Pin = true;
  unsigned FirstCore = 0;
};
CoreShare shareCores(unsigned Index, unsigned Count, unsigned Cores);

/// The hostfile's nodes on this machine (a loopback address or one of its
/// interfaces'): how many, and node Self's index among them. The rule the
/// launcher applies to the nodes it starts, for a node started by a cluster
/// launcher (srun, mpirun) to apply to itself. False if a host does not
/// resolve (the transport reports it).
bool localNodes(const std::vector<NodeInfo> &Nodes, uint32_t Self,
                unsigned &Index, unsigned &Count);

/// One entry of ASPEN_PEERS (`host:port,...`, IPv6 addresses bracketed):
/// the host, bare, and its port (0: the node chooses it, not known yet).
struct PeerAddress {
  std::string Host;
  uint16_t Port = 0;
};
/// The entries of a peers list, up to the first malformed one.
std::vector<PeerAddress> parsePeers(const std::string &Peers);

/// Binds a listening socket on Host:Port (port 0: one the kernel chooses)
/// for a node, and says which port it took in Bound; -1 after setting Why.
int listenOn(const std::string &Host, uint16_t Port, uint16_t &Bound,
             std::string &Why);

/// A node started by our launcher through ssh on a host whose hostfile
/// line gives no port: listens on a port the kernel chooses, tells the
/// launcher which (a line on standard output), and takes every node's
/// address from the line the launcher answers with on standard input, once
/// all such nodes have told theirs; a remote node with a port of its own
/// started meanwhile takes the same line. Sets ASPEN_PEERS (and
/// ASPEN_LISTEN_FD for a node that chose its port) as for a node the
/// launcher started here. Nothing to do (true) for any other node; false
/// after a message.
bool exchangePorts(const std::vector<NodeInfo> &Nodes, uint32_t Self);

/// Starts one process per node (fork/exec for this machine, ssh for
/// others), relays their output prefixed with the node name, and returns
/// the first non-zero exit status.
int startNodes(const std::vector<NodeInfo> &Nodes, int Argc, char **Argv);

} // namespace aspen::rt::launch

#endif // ASPEN_RT_LAUNCH_LAUNCHER_H
