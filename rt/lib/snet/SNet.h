//===- SNet.h - What the rest of the runtime sees of S-Net ------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The entry header of snet/. A network runs inside one instance of the
// graph (generated code calls aspen::snet::runNetwork from its run());
// the rest of the runtime needs only to check the engine's settings before
// anything runs, to describe a network's state in dumps and deadlock
// reports, and to print its counts at the end (ASPEN_STATS).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SNET_SNET_H
#define ASPEN_RT_SNET_SNET_H

#include "core/Graph.h"
#include <string>

namespace aspen::rt {

/// ASPEN_SNET_WORKERS and ASPEN_SNET_CONCURRENCY, checked before anything
/// runs: a bad value ends the program with status 2.
void checkSNetEnvironment();
/// For ASPEN_DUMP: the state of the S-Net network instance I is running,
/// or "" if it runs none.
std::string describeSNet(const Instance &I);
/// For ASPEN_STATS: per S-Net network instance I ran, lines saying the
/// records that entered and left it and the firings of each box, filter
/// and synchro-cell; "" if it ran none.
std::string snetStats(const Instance &I);

} // namespace aspen::rt

#endif // ASPEN_RT_SNET_SNET_H
