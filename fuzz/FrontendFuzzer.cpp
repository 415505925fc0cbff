//===- FrontendFuzzer.cpp - libFuzzer target: bytes to flow graph ---------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Any input must end in diagnostics or a program: never a crash, an
// assertion, a sanitizer report or a hang. Seeds: test/ and examples/.
//
//===----------------------------------------------------------------------===//

#include "aspen/Basic/Diagnostics.h"
#include "aspen/Parse/Parser.h"
#include "aspen/Sema/Sema.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  using namespace aspen;
  SourceManager SM;
  DiagnosticEngine Diags(SM, llvm::nulls());
  FileId File = SM.addBuffer(
      "fuzz.asp", std::string(reinterpret_cast<const char *>(Data), Size));
  std::unique_ptr<ast::TranslationUnit> TU = parseBuffer(File, SM, Diags);
  if (!TU)
    return 0;
  SemaOptions Opts;
  Opts.MaxInstances = 100000; // keep every input fast and small
  Opts.MaxEdges = 1000000;
  const ast::TranslationUnit *Units[] = {TU.get()};
  (void)elaborate(Units, SM, Diags, Opts);
  return 0;
}
