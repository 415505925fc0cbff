//===- Backend.cpp - Optimise, emit, link ---------------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/CodeGen/ClangRunner.h"
#include "aspen/CodeGen/CodeGen.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace aspen;
using namespace aspen::codegen;

#ifndef ASPEN_RT_LIBRARY
#define ASPEN_RT_LIBRARY ""
#endif
#ifndef ASPEN_BOOST_CONTEXT_LIBRARY
#define ASPEN_BOOST_CONTEXT_LIBRARY "-lboost_context"
#endif

static std::unique_ptr<llvm::TargetMachine>
targetMachine(llvm::Module &M, const CodeGenOptions &Opts, std::string &Err) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  const llvm::Target *T =
      llvm::TargetRegistry::lookupTarget(M.getTargetTriple(), Err);
  if (!T)
    return nullptr;
  llvm::CodeGenOpt::Level Level = Opts.OptLevel == 0   ? llvm::CodeGenOpt::None
                                  : Opts.OptLevel == 1 ? llvm::CodeGenOpt::Less
                                  : Opts.OptLevel == 2
                                      ? llvm::CodeGenOpt::Default
                                      : llvm::CodeGenOpt::Aggressive;
  // Programs run where they are built, like `clang -march=native` would not
  // assume; keep the baseline CPU so a cluster's nodes can share a binary.
  llvm::TargetOptions TO;
  // Global constructors go in .init_array, as Clang puts them on Linux; the
  // older .ctors section is not run by today's startup code.
  TO.UseInitArray = true;
  return std::unique_ptr<llvm::TargetMachine>(
      T->createTargetMachine(M.getTargetTriple(), "x86-64", "", TO,
                             llvm::Reloc::PIC_, std::nullopt, Level));
}

void aspen::codegen::optimize(llvm::Module &M, const CodeGenOptions &Opts) {
  std::string Err;
  std::unique_ptr<llvm::TargetMachine> TM = targetMachine(M, Opts, Err);
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  llvm::PassBuilder PB(TM.get());
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  llvm::OptimizationLevel Level =
      Opts.OptLevel == 0   ? llvm::OptimizationLevel::O0
      : Opts.OptLevel == 1 ? llvm::OptimizationLevel::O1
      : Opts.OptLevel == 2 ? llvm::OptimizationLevel::O2
                           : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager MPM = Level == llvm::OptimizationLevel::O0
                                    ? PB.buildO0DefaultPipeline(Level)
                                    : PB.buildPerModuleDefaultPipeline(Level);
  MPM.run(M, MAM);
}

static bool writeMachineCode(llvm::Module &M, llvm::StringRef Path,
                             llvm::CodeGenFileType Type,
                             DiagnosticEngine &Diags,
                             const CodeGenOptions &Opts) {
  std::string Err;
  std::unique_ptr<llvm::TargetMachine> TM = targetMachine(M, Opts, Err);
  if (!TM) {
    Diags.report({}, DiagId::ErrTarget) << M.getTargetTriple() << Err;
    return false;
  }
  M.setDataLayout(TM->createDataLayout());
  std::error_code EC;
  llvm::ToolOutputFile Out(Path, EC,
                           Type == llvm::CGFT_AssemblyFile
                               ? llvm::sys::fs::OF_Text
                               : llvm::sys::fs::OF_None);
  if (EC) {
    Diags.report({}, DiagId::ErrCannotWrite) << Path << EC.message();
    return false;
  }
  llvm::legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, Out.os(), nullptr, Type)) {
    Diags.report({}, DiagId::ErrTarget)
        << M.getTargetTriple() << "cannot emit this file type";
    return false;
  }
  PM.run(M);
  Out.keep();
  return true;
}

extern char **environ;

namespace {
/// The linker's process group while it runs (0: none) and the file it
/// writes, for the interrupt handler, which may run on any thread at any
/// time (so only async-signal-safe calls, and no allocation).
std::atomic<pid_t> LinkerGroup{0};
char LinkerOutput[4096];

/// LLVM's handler of SIGINT, SIGTERM and SIGHUP calls this after removing
/// the files registered with RemoveFileOnSignal: the linker and what it
/// started go first, then what it may have written since, then aspenc
/// (LLVM's handlers are gone by now, so the signal's default ends it).
void stopLinker() {
  if (pid_t G = LinkerGroup.load()) {
    ::kill(-G, SIGKILL);
    int Status;
    ::waitpid(G, &Status, 0);
    ::unlink(LinkerOutput);
  }
  ::raise(SIGTERM);
}

/// Runs the clang++ driver that links, in a process group of its own, so
/// that an interrupt of aspenc stops it and the lld it starts (the group
/// gets the signal; a terminal's SIGINT no longer reaches it directly).
/// Returns its exit status, or -1 with ErrMsg set.
int runLinker(const std::vector<std::string> &Args, llvm::StringRef Output,
              std::string &ErrMsg) {
  std::vector<char *> Argv;
  for (const std::string &A : Args)
    Argv.push_back(const_cast<char *>(A.c_str()));
  Argv.push_back(nullptr);
  // An interrupt between the spawn and the note of the linker's group
  // would leave the linker running: interrupts wait until it is noted
  // (the linker itself starts with the mask aspenc had).
  sigset_t Interrupts, Before;
  sigemptyset(&Interrupts);
  for (int Sig : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&Interrupts, Sig);
  pthread_sigmask(SIG_BLOCK, &Interrupts, &Before);
  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP |
                                      POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&Attr, 0);
  posix_spawnattr_setsigmask(&Attr, &Before);
  static bool Installed = (llvm::sys::SetInterruptFunction(stopLinker), true);
  (void)Installed;
  size_t N = std::min(Output.size(), sizeof LinkerOutput - 1);
  std::memcpy(LinkerOutput, Output.data(), N);
  LinkerOutput[N] = 0;
  pid_t Pid = 0;
  int E =
      posix_spawnp(&Pid, Args[0].c_str(), nullptr, &Attr, Argv.data(), environ);
  posix_spawnattr_destroy(&Attr);
  if (E == 0)
    LinkerGroup.store(Pid);
  pthread_sigmask(SIG_SETMASK, &Before, nullptr);
  if (E != 0) {
    ErrMsg = "cannot run " + Args[0] + ": " + std::strerror(E);
    return -1;
  }
  int Status = 0;
  while (::waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  LinkerGroup.store(0);
  if (WIFSIGNALED(Status)) {
    ErrMsg = std::string("killed by signal ") + strsignal(WTERMSIG(Status));
    return -1;
  }
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
}
} // namespace

bool aspen::codegen::emit(llvm::Module &M, OutputKind Kind,
                          llvm::StringRef Path, DiagnosticEngine &Diags,
                          const CodeGenOptions &Opts) {
  switch (Kind) {
  case OutputKind::IRText:
  case OutputKind::IRBitcode: {
    std::error_code EC;
    llvm::ToolOutputFile Out(Path, EC,
                             Kind == OutputKind::IRText
                                 ? llvm::sys::fs::OF_Text
                                 : llvm::sys::fs::OF_None);
    if (EC) {
      Diags.report({}, DiagId::ErrCannotWrite) << Path << EC.message();
      return false;
    }
    if (Kind == OutputKind::IRText)
      M.print(Out.os(), nullptr);
    else
      llvm::WriteBitcodeToFile(M, Out.os());
    Out.keep();
    return true;
  }
  case OutputKind::Assembly:
    return writeMachineCode(M, Path, llvm::CGFT_AssemblyFile, Diags, Opts);
  case OutputKind::Object:
    return writeMachineCode(M, Path, llvm::CGFT_ObjectFile, Diags, Opts);
  case OutputKind::Executable:
    break;
  }

  // An executable: an object in a temporary file, linked by the clang++
  // driver (which knows the C++ runtime and the system libraries) with lld.
  // Interrupted (SIGINT, SIGTERM, SIGHUP), aspenc leaves nothing behind:
  // not the temporary object, not a half-written executable, and no
  // linker still writing one. The object is on the list of files to remove
  // before an interrupt can come.
  llvm::SmallString<128> Obj;
  sigset_t Interrupts, Before;
  sigemptyset(&Interrupts);
  for (int Sig : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&Interrupts, Sig);
  pthread_sigmask(SIG_BLOCK, &Interrupts, &Before);
  std::error_code EC = llvm::sys::fs::createTemporaryFile("aspen", "o", Obj);
  if (!EC)
    llvm::sys::RemoveFileOnSignal(Obj);
  pthread_sigmask(SIG_SETMASK, &Before, nullptr);
  if (EC) {
    Diags.report({}, DiagId::ErrCannotWrite)
        << "temporary object" << EC.message();
    return false;
  }
  llvm::FileRemover RemoveObj(Obj);
  if (!writeMachineCode(M, Obj, llvm::CGFT_ObjectFile, Diags, Opts)) {
    llvm::sys::DontRemoveFileOnSignal(Obj);
    return false;
  }
  std::string Driver = ClangRunner::clangDriver();
  std::vector<std::string> Args = {Driver, "-fuse-ld=lld", Obj.str().str(),
                                   "-o", Path.str(), ASPEN_RT_LIBRARY,
                                   ASPEN_BOOST_CONTEXT_LIBRARY,
  // Payloads are allocated on one worker
  // and freed on another; jemalloc's
  // thread caches make that cheap where
  // glibc serialises on its arena locks.
#ifdef ASPEN_PROGRAM_SANITIZE
                                   // (not under a sanitizer: it brings its
                                   // own allocator)
                                   "-fsanitize=" ASPEN_PROGRAM_SANITIZE,
#else
                                   "-ljemalloc",
#endif
                                   // the nodes' handshake (HMAC-SHA256)
                                   // and TLS between them (ASPEN_NET_TLS)
                                   "-lssl", "-lcrypto", "-lhwloc", "-lpthread"};
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  if (Opts.Verbose) {
    llvm::errs() << "aspenc: link:";
    for (const std::string &A : Args)
      llvm::errs() << ' ' << A;
    llvm::errs() << '\n';
  }
  std::string ErrMsg;
  // (Again: writing the object through a ToolOutputFile, which kept it,
  // took it off the list.)
  llvm::sys::RemoveFileOnSignal(Obj);
  llvm::sys::RemoveFileOnSignal(Path);
  int RC = runLinker(Args, Path, ErrMsg);
  llvm::sys::DontRemoveFileOnSignal(Path);
  llvm::sys::DontRemoveFileOnSignal(Obj);
  if (RC != 0) {
    Diags.report({}, DiagId::ErrLinkFailed)
        << Path
        << (ErrMsg.empty() ? "exit status " + std::to_string(RC) : ErrMsg);
    return false;
  }
  return true;
}
