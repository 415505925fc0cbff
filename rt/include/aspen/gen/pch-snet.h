//===- pch-snet.h - What generated S-Net code starts with -------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// pch.h for a program with networks: pch.h's headers and S-Net's,
// precompiled together. Programs without networks start from pch.h alone:
// loading S-Net's declarations into them made them slower to compile than
// parsing the runtime's headers afresh.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_GEN_PCH_SNET_H
#define ASPEN_GEN_PCH_SNET_H

#include "aspen/gen/pch.h"
#include "aspen/gen/snet_graph.h"
#include "aspen/snet.h"

#endif // ASPEN_GEN_PCH_SNET_H
