//===- GraphDumper.h - Text and Graphviz forms of a flow graph --*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `aspenc --dump-graph` prints a stable text form that test/Graph checks
// with FileCheck; `aspenc --emit-dot` writes Graphviz DOT: vectors grouped in
// clusters, collectives as their own shapes, S-Net combinators as nested
// clusters.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_GRAPH_GRAPHDUMPER_H
#define ASPEN_GRAPH_GRAPHDUMPER_H

#include "aspen/Graph/FlowGraph.h"
#include "llvm/Support/raw_ostream.h"

namespace aspen::graph {

void dump(const Program &P, llvm::raw_ostream &OS);
void emitDot(const Program &P, llvm::raw_ostream &OS);

} // namespace aspen::graph

#endif // ASPEN_GRAPH_GRAPHDUMPER_H
