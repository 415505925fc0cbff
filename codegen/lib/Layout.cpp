//===- Layout.cpp - Where aspenc finds its runtime -----------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/CodeGen/Layout.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace aspen::codegen;

// Paths from the bin directory, set by CMake from GNUInstallDirs: relative,
// so that neither the source nor the build directory is written into
// aspenc.
#ifndef ASPEN_BIN_TO_LIBDIR
#define ASPEN_BIN_TO_LIBDIR "../lib/aspen"
#endif
#ifndef ASPEN_BIN_TO_INCLUDEDIR
#define ASPEN_BIN_TO_INCLUDEDIR "../include"
#endif
#ifndef ASPEN_BIN_TO_DATADIR
#define ASPEN_BIN_TO_DATADIR "../share/aspen"
#endif

static int anchor;

std::string aspen::codegen::executableDir() {
  static const std::string Dir = [] {
    // /proc/self/exe on Linux: the file itself, not a link to it.
    std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, &anchor);
    return llvm::sys::path::parent_path(Exe).str();
  }();
  return Dir;
}

static std::string fromBin(llvm::StringRef Rel, llvm::StringRef Sub = "") {
  llvm::SmallString<256> P(executableDir());
  llvm::sys::path::append(P, Rel, Sub);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P.str());
}

std::string aspen::codegen::runtimeLibraryDir() {
  return fromBin(ASPEN_BIN_TO_LIBDIR);
}

std::string aspen::codegen::runtimeIncludeDir() {
  return fromBin(ASPEN_BIN_TO_INCLUDEDIR);
}

std::string aspen::codegen::stdlibDir() {
  return fromBin(ASPEN_BIN_TO_DATADIR, "stdlib");
}
