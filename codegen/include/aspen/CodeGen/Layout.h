//===- Layout.h - Where aspenc finds its runtime ---------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// aspenc finds the runtime library, the runtime's headers and the standard
// library relative to its own executable, by one rule that holds in the
// build tree and in an installed tree alike (GNUInstallDirs' names, fixed
// at configure time):
//
//   <prefix>/bin/aspenc
//   <prefix>/lib/aspen/libaspenrt.a          (and -asan, -tsan variants)
//   <prefix>/include/aspen/runtime.h         (-I<prefix>/include)
//   <prefix>/share/aspen/stdlib/NAME.asp
//
// so an installed tree can be moved or shared. Only LLVM's clang++ and
// Clang's resource directory are absolute: they belong to the system.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_CODEGEN_LAYOUT_H
#define ASPEN_CODEGEN_LAYOUT_H

#include <string>

namespace aspen::codegen {

/// The directory holding the running aspenc (symbolic links resolved).
std::string executableDir();
/// Where libaspenrt.a and its sanitizer variants are.
std::string runtimeLibraryDir();
/// The directory to pass as -I for <aspen/runtime.h>.
std::string runtimeIncludeDir();
/// Where the standard library's modules are, as NAME.asp.
std::string stdlibDir();

} // namespace aspen::codegen

#endif
