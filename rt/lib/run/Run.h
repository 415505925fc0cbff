//===- Run.h - The program's run, shared by run/ ----------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// run/ is the top of the runtime: the ABI entry points the generated main()
// calls (Abi.cpp), aspen_rt_run and its steps (Run.cpp), the settings of a
// node of a distributed run (NodeConfig.cpp), and what a run reports:
// statistics, dumps, deadlocks (Report.cpp). It composes every other
// folder; nothing includes it.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_RUN_RUN_H
#define ASPEN_RT_RUN_RUN_H

#include "core/Graph.h"
#include "net/Transport.h"
#include <cstdint>
#include <string>

namespace aspen::rt {

// Report.cpp

/// ASPEN_DUMP=FILE (null: none), per node on several nodes.
extern const char *DumpPath;
/// The node this process runs (distributed runs); other nodes' instances
/// are not reported here.
extern uint32_t SelfNode;
/// ASPEN_STATS=1: messages per edge, queue high-water marks, time parked.
void reportStats(double Seconds, int Signal = 0);
/// ASPEN_DUMP: the live graph as Graphviz DOT. Live: the program runs on
/// while it is read (SIGUSR1), so only what instances publish for that.
void writeDump(bool Live);
/// No instance can make progress: what each waits for, on stderr.
void reportDeadlock();
/// Whether a file named by environment variable Var can be written where
/// it is (the file itself is made only when there is something to write);
/// says why not.
bool checkWritable(const char *Var, const char *Path);

// NodeConfig.cpp

/// `p[0].out`, or the instance's name for its default port.
std::string portLabel(const Instance &I, uint32_t Port, bool Output);
/// The per-node settings of a distributed run, from the environment the
/// launcher (or a cluster's) gives each node process.
transport::Config nodeConfig(const Runtime &R, uint32_t Self);

} // namespace aspen::rt

#endif // ASPEN_RT_RUN_RUN_H
