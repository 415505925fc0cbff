//===- aspen-settings.cpp - Print the runtime's settings ------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `aspen-settings` lists every ASPEN_* setting as `./main --help` does;
// `aspen-settings --markdown` prints the table of docs/runtime.md. Both
// come from aspen/abi/settings.def.
//
//===----------------------------------------------------------------------===//

#include "support/Settings.h"
#include <cstring>

int main(int Argc, char **Argv) {
  bool Markdown = Argc > 1 && std::strcmp(Argv[1], "--markdown") == 0;
  if (Argc > 2 || (Argc == 2 && !Markdown)) {
    std::fprintf(stderr, "usage: aspen-settings [--markdown]\n");
    return 2;
  }
  aspen::rt::printSettings(stdout, Markdown);
  return 0;
}
