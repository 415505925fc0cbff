//===- Placement.h - Hostfiles and where instances run ----------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The phase between elaboration and code generation: reads the hostfile
// (`name slots=N [port=P]` or `name:N[:P]` lines, `#` comments) and assigns
// every instance of the elaborated program to one of its nodes.
//
// The heuristic, in order:
//  1. pinned instances (`place x on node;`) go where they are pinned;
//  2. the others are dealt out in declaration order, each node taking a
//     share of them proportional to its slots, so the elements of a vector
//     stay contiguous on as few nodes as possible;
//  3. one refinement pass moves an instance to another node when that cuts
//     more inter-node edges than it adds and the node still has room (each
//     node may exceed its share by one instance);
//  4. instances that must share a node go to one: an S-Net network and the
//     instances it exchanges records with, and the instances of modules
//     that share state existing in one process (graph::Module::NodeLocal).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_PLACE_PLACEMENT_H
#define ASPEN_PLACE_PLACEMENT_H

#include "aspen/Basic/Diagnostics.h"
#include "aspen/Graph/FlowGraph.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace aspen::place {

/// Reads and validates a hostfile: syntax, positive slot counts, ports,
/// duplicate names, and that every name resolves. Errors are located at
/// the hostfile's line and column.
std::optional<std::vector<graph::HostNode>>
readHostfile(llvm::StringRef Path, SourceManager &SM, DiagnosticEngine &Diags);

/// Fills Program::Nodes and every Instance::Node. Without a hostfile
/// everything is on one node named "localhost" and pins are not used.
/// Returns false after reporting errors (a pin to a node that is not in the
/// hostfile).
bool placeProgram(graph::Program &P, std::vector<graph::HostNode> Nodes,
                  DiagnosticEngine &Diags);

} // namespace aspen::place

#endif // ASPEN_PLACE_PLACEMENT_H
