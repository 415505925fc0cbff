//===- Support.h - What every part of the runtime may use ------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The entry header of support/, the lowest folder of the runtime: settings
// read from the environment with one error format, type names for
// messages, sleeping on a word, and how freed memory is kept. It depends
// on nothing else of the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SUPPORT_SUPPORT_H
#define ASPEN_RT_SUPPORT_SUPPORT_H

#include "support/Demangle.h"
#include "support/Futex.h"
#include "support/Memory.h"
#include "support/Settings.h"

#endif // ASPEN_RT_SUPPORT_SUPPORT_H
