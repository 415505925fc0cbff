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
// With them, the standard library's headers that action modules most often
// include, and the standard modules' header: parsing <iostream>, <fstream>
// or <sstream> afresh took more of Clang's time than the program did (for
// examples/chemistry at -O2, 1.42 against 0.76 s in all). A precompiled
// header's declarations are loaded only where used. A program sees these
// headers whether it includes them or not, as it already saw those the
// runtime's headers include; <cmath> is left out, since C's math.h would put
// names such as y1 and gamma in the global namespace of every program.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_GEN_PCH_H
#define ASPEN_GEN_PCH_H

#include "aspen/gen/module.h"
#include "aspen/stdlib.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#endif // ASPEN_GEN_PCH_H
