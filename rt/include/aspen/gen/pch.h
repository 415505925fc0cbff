//===- pch.h - What generated code starts with, to precompile --*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// aspenc precompiles this header once per set of Clang options (into its
// cache, see docs/tutorial.md) and starts the code it generates from it:
// the runtime's headers that every generated translation unit includes
// (pch-snet.h adds S-Net's, for a program with networks). The precompiled
// header is made from this file, which the installation keeps, so that
// loading it never needs a file that may be gone.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_GEN_PCH_H
#define ASPEN_GEN_PCH_H

#include "aspen/gen/module.h"

#endif // ASPEN_GEN_PCH_H
