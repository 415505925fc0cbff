//===- Backend.cpp - Optimise, emit, link ---------------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/CodeGen/ClangRunner.h"
#include "aspen/CodeGen/CodeGen.h"
#include "aspen/CodeGen/Layout.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/CodeGen/ParallelCG.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Instrumentation/AddressSanitizer.h"
#include "llvm/Transforms/Instrumentation/ThreadSanitizer.h"
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace aspen;
using namespace aspen::codegen;

#ifndef ASPEN_BOOST_CONTEXT_LIBRARY
#define ASPEN_BOOST_CONTEXT_LIBRARY "-lboost_context"
#endif

/// A target machine for Triple; T from TargetRegistry::lookupTarget. Safe
/// on several threads at once.
static std::unique_ptr<llvm::TargetMachine>
makeTargetMachine(const llvm::Target *T, const std::string &Triple,
                  const CodeGenOptions &Opts) {
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
  return std::unique_ptr<llvm::TargetMachine>(T->createTargetMachine(
      Triple, "x86-64", "", TO, llvm::Reloc::PIC_, std::nullopt, Level));
}

static std::unique_ptr<llvm::TargetMachine>
targetMachine(llvm::Module &M, const CodeGenOptions &Opts, std::string &Err) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  const llvm::Target *T =
      llvm::TargetRegistry::lookupTarget(M.getTargetTriple(), Err);
  if (!T)
    return nullptr;
  return makeTargetMachine(T, M.getTargetTriple(), Opts);
}

namespace {
bool builtWith(llvm::StringRef San);
} // namespace

void aspen::codegen::optimize(llvm::Module &M, const CodeGenOptions &Opts) {
  PhaseTimer T("optimize", "Optimisation (LLVM)", Opts.TimeReport);
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
  // Clang compiled the program with -fsanitize=..., which only marks its
  // functions; the instrumentation is a pass of the pipeline Clang would
  // have run, and above -O0 this one replaces it (ClangRunner), so it adds
  // the pass itself (as Clang's BackendUtil does, last). Without it the box
  // and module code of a sanitized program went unchecked: only the runtime
  // was. At -O0 Clang runs its own pipeline, instrumentation included.
  auto Wants = [&](llvm::StringRef San) {
    return Opts.OptLevel > 0 &&
           (llvm::is_contained(Opts.Sanitizers, San) || builtWith(San));
  };
  const bool Address = Wants("address"), Thread = Wants("thread");
  if (Address || Thread)
    PB.registerOptimizerLastEPCallback(
        [=](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
          if (Thread) {
            MPM.addPass(llvm::ModuleThreadSanitizerPass());
            MPM.addPass(llvm::createModuleToFunctionPassAdaptor(
                llvm::ThreadSanitizerPass()));
          }
          if (Address) {
            llvm::AddressSanitizerOptions AO;
            AO.UseAfterScope = true; // Clang's default
            // Clang's defaults on ELF without -fdata-sections.
            MPM.addPass(llvm::AddressSanitizerPass(AO, /*UseGlobalGC=*/false,
                                                   /*UseOdrIndicator=*/false));
          }
        });
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

/// How many pieces an executable's machine code is made in, in parallel:
/// one per hardware thread, up to two, for an optimised module of some
/// size. Code generation is a third of aspenc's time for a program with
/// networks (examples/snet-cholesky: 0.4 of 1.5 s at -O2 on 2 cores), and
/// the functions of a module are independent there. Below the size, the
/// split (the module is cloned and passed to each thread as bitcode) costs
/// more than it saves. Not for sanitized programs: the sanitizers' module
/// constructors and globals are left in one piece (and a sanitizer build of
/// aspenc, whose programs are all sanitized, would see LLVM's own
/// uninstrumented code on two threads).
static unsigned codegenPartitions(const llvm::Module &M,
                                  const CodeGenOptions &Opts) {
#ifdef ASPEN_PROGRAM_SANITIZE
  constexpr bool SanitizedBuild = true;
#else
  constexpr bool SanitizedBuild = false;
#endif
  if (SanitizedBuild || Opts.OptLevel == 0 || !Opts.Sanitizers.empty() ||
      llvm::hardware_concurrency().compute_thread_count() < 2)
    return 1;
  size_t Instructions = 0;
  for (const llvm::Function &F : M)
    Instructions += F.getInstructionCount();
  return Instructions >= 2000 ? 2 : 1;
}

/// Machine code for M as Paths.size() objects made on as many threads
/// (llvm::splitCodeGen, as lld's LTO partitions do): linked together they
/// are the program one object would be.
static bool
writeMachineCodeInParts(llvm::Module &M,
                        llvm::ArrayRef<llvm::SmallString<128>> Paths,
                        DiagnosticEngine &Diags, const CodeGenOptions &Opts) {
  std::string Err;
  std::unique_ptr<llvm::TargetMachine> Probe = targetMachine(M, Opts, Err);
  if (!Probe) {
    Diags.report({}, DiagId::ErrTarget) << M.getTargetTriple() << Err;
    return false;
  }
  M.setDataLayout(Probe->createDataLayout());
  std::vector<std::unique_ptr<llvm::raw_fd_ostream>> Outs;
  std::vector<llvm::raw_pwrite_stream *> OSs;
  for (const llvm::SmallString<128> &P : Paths) {
    std::error_code EC;
    Outs.push_back(
        std::make_unique<llvm::raw_fd_ostream>(P, EC, llvm::sys::fs::OF_None));
    if (EC) {
      Diags.report({}, DiagId::ErrCannotWrite) << P << EC.message();
      return false;
    }
    OSs.push_back(Outs.back().get());
  }
  // Each thread makes its own target machine, of the target found above;
  // the triple is read from M before it is split.
  const llvm::Target *T = &Probe->getTarget();
  const std::string Triple = M.getTargetTriple();
  llvm::splitCodeGen(M, OSs, {},
                     [&] { return makeTargetMachine(T, Triple, Opts); });
  for (std::unique_ptr<llvm::raw_fd_ostream> &O : Outs) {
    O->close();
    if (O->has_error()) {
      Diags.report({}, DiagId::ErrCannotWrite)
          << "temporary object" << O->error().message();
      O->clear_error();
      return false;
    }
  }
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
/// Its standard error goes to `Messages`. Returns its exit status, or -1
/// with ErrMsg set.
int runLinker(const std::vector<std::string> &Args, llvm::StringRef Output,
              std::string &Messages, std::string &ErrMsg) {
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
  posix_spawnattr_setflags(&Attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&Attr, 0);
  posix_spawnattr_setsigmask(&Attr, &Before);
  // The linker's messages come back here, to be reported as aspenc's.
  int Pipe[2];
  if (::pipe2(Pipe, O_CLOEXEC) != 0) {
    pthread_sigmask(SIG_SETMASK, &Before, nullptr);
    posix_spawnattr_destroy(&Attr);
    ErrMsg = std::string("cannot make a pipe: ") + std::strerror(errno);
    return -1;
  }
  posix_spawn_file_actions_t Files;
  posix_spawn_file_actions_init(&Files);
  posix_spawn_file_actions_adddup2(&Files, Pipe[1], 2);
  static bool Installed = (llvm::sys::SetInterruptFunction(stopLinker), true);
  (void)Installed;
  size_t N = std::min(Output.size(), sizeof LinkerOutput - 1);
  std::memcpy(LinkerOutput, Output.data(), N);
  LinkerOutput[N] = 0;
  pid_t Pid = 0;
  int E =
      posix_spawnp(&Pid, Args[0].c_str(), &Files, &Attr, Argv.data(), environ);
  posix_spawnattr_destroy(&Attr);
  posix_spawn_file_actions_destroy(&Files);
  ::close(Pipe[1]);
  if (E == 0)
    LinkerGroup.store(Pid);
  pthread_sigmask(SIG_SETMASK, &Before, nullptr);
  if (E != 0) {
    ::close(Pipe[0]);
    ErrMsg = "cannot run " + Args[0] + ": " + std::strerror(E);
    return -1;
  }
  char Buf[4096];
  for (;;) {
    ssize_t N = ::read(Pipe[0], Buf, sizeof Buf);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    Messages.append(Buf, size_t(N));
  }
  ::close(Pipe[0]);
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

namespace {
/// The runtime library: libaspenrt.a, or for sanitizer San its variant
/// next to it (libaspenrt-asan.a, libaspenrt-tsan.a).
std::string runtimePath(llvm::StringRef San = "") {
  llvm::SmallString<256> P(runtimeLibraryDir());
  llvm::sys::path::append(P, San.empty()        ? "libaspenrt.a"
                             : San == "address" ? "libaspenrt-asan.a"
                                                : "libaspenrt-tsan.a");
  return std::string(P.str());
}

/// True if this aspenc's runtime is itself built with sanitizer San.
bool builtWith(llvm::StringRef San) {
#ifdef ASPEN_PROGRAM_SANITIZE
  llvm::SmallVector<llvm::StringRef, 4> Built;
  llvm::StringRef(ASPEN_PROGRAM_SANITIZE).split(Built, ',');
  return llvm::is_contained(Built, San);
#else
  (void)San;
  return false;
#endif
}

/// The runtime to link for San (address, thread) when it is not the
/// default one: the variant next to it, or "" if there is none.
std::string sanitizedRuntime(llvm::StringRef San) {
  if (builtWith(San))
    return "";
  std::string P = runtimePath(San);
  return llvm::sys::fs::exists(P) ? P : "";
}
} // namespace

bool aspen::codegen::emit(llvm::Module &M, OutputKind Kind,
                          llvm::StringRef Path, DiagnosticEngine &Diags,
                          const CodeGenOptions &Opts) {
  PhaseTimer T("emit", "Machine code, and the link (lld)", Opts.TimeReport);
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
  const unsigned Parts = codegenPartitions(M, Opts);
  llvm::SmallVector<llvm::SmallString<128>, 2> Objs(Parts);
  sigset_t Interrupts, Before;
  sigemptyset(&Interrupts);
  for (int Sig : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&Interrupts, Sig);
  pthread_sigmask(SIG_BLOCK, &Interrupts, &Before);
  std::error_code EC;
  for (llvm::SmallString<128> &Obj : Objs) {
    EC = llvm::sys::fs::createTemporaryFile("aspen", "o", Obj);
    if (EC) {
      Obj.clear();
      break;
    }
    llvm::sys::RemoveFileOnSignal(Obj);
  }
  pthread_sigmask(SIG_SETMASK, &Before, nullptr);
  // One remover per object, never copied: a FileRemover's copy removes the
  // file too when it goes (as a growing vector's old elements would).
  std::vector<std::unique_ptr<llvm::FileRemover>> Remove;
  for (const llvm::SmallString<128> &Obj : Objs)
    if (!Obj.empty())
      Remove.push_back(std::make_unique<llvm::FileRemover>(Obj));
  if (EC) {
    Diags.report({}, DiagId::ErrCannotWrite)
        << "temporary object" << EC.message();
    return false;
  }
  bool Written =
      Parts == 1
          ? writeMachineCode(M, Objs[0], llvm::CGFT_ObjectFile, Diags, Opts)
          : writeMachineCodeInParts(M, Objs, Diags, Opts);
  if (!Written) {
    for (const llvm::SmallString<128> &Obj : Objs)
      llvm::sys::DontRemoveFileOnSignal(Obj);
    return false;
  }
  std::vector<std::string> Paths;
  for (const llvm::SmallString<128> &Obj : Objs)
    Paths.push_back(Obj.str().str());
  return link(Paths, Path, Diags, Opts);
}

std::vector<std::string>
aspen::codegen::linkCommand(llvm::ArrayRef<std::string> Objects,
                            llvm::StringRef Output,
                            const CodeGenOptions &Opts) {
  std::vector<std::string> Args = {ClangRunner::clangDriver(), "-fuse-ld=lld"};
  Args.insert(Args.end(), Objects.begin(), Objects.end());
  if (!Output.empty()) {
    Args.push_back("-o");
    Args.push_back(Output.str());
  }
  // The command line's libraries and objects come after the program's
  // object, which uses them, and before the runtime's libraries.
  Args.insert(Args.end(), Opts.LinkArgs.begin(), Opts.LinkArgs.end());
  std::string Runtime = runtimePath();
  bool OwnAllocator = false;
  for (const std::string &San : Opts.Sanitizers) {
    Args.push_back("-fsanitize=" + San);
    if (San == "address" || San == "thread") {
      OwnAllocator = true;
      std::string Variant = sanitizedRuntime(San);
      if (!Variant.empty())
        Runtime = Variant;
    }
  }
  Args.push_back(Runtime);
  Args.push_back(ASPEN_BOOST_CONTEXT_LIBRARY);
#ifdef ASPEN_PROGRAM_SANITIZE
  // (not under a sanitizer: it brings its own allocator)
  Args.push_back("-fsanitize=" ASPEN_PROGRAM_SANITIZE);
  OwnAllocator = true;
#endif
  // Payloads are allocated on one worker and freed on another; jemalloc's
  // thread caches make that cheap where glibc serialises on its arena
  // locks.
  if (!OwnAllocator)
    Args.push_back("-ljemalloc");
  // the nodes' handshake (HMAC-SHA256) and TLS between them
  // (ASPEN_NET_TLS)
  for (const char *Lib : {"-lssl", "-lcrypto", "-lhwloc", "-lpthread"})
    Args.push_back(Lib);
  return Args;
}

bool aspen::codegen::link(llvm::ArrayRef<std::string> Objects,
                          llvm::StringRef Path, DiagnosticEngine &Diags,
                          const CodeGenOptions &Opts) {
  std::vector<std::string> Args = linkCommand(Objects, Path, Opts);
  if (Opts.Verbose) {
    llvm::errs() << "aspenc: link:";
    for (const std::string &A : Args)
      llvm::errs() << ' ' << A;
    llvm::errs() << '\n';
  }
  std::string Messages, ErrMsg;
  // (Again: writing the object through a ToolOutputFile, which kept it,
  // took it off the list.)
  for (const std::string &Obj : Objects)
    llvm::sys::RemoveFileOnSignal(Obj);
  llvm::sys::RemoveFileOnSignal(Path);
  int RC = runLinker(Args, Path, Messages, ErrMsg);
  llvm::sys::DontRemoveFileOnSignal(Path);
  for (const std::string &Obj : Objects)
    llvm::sys::DontRemoveFileOnSignal(Obj);
  // The linker's own words, each line as aspenc's ("aspenc: ld.lld: error:
  // unable to find library -lfoo"); clang++'s "linker command failed"
  // says again what the error below says.
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  llvm::StringRef(Messages).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    if (Line.contains("linker command failed with exit code"))
      continue;
    // What clang's driver says (a missing input), aspenc says.
    if (!Line.consume_front("clang++: "))
      Line.consume_front("clang: ");
    llvm::errs() << "aspenc: " << Line << '\n';
  }
  if (RC != 0) {
    Diags.report({}, DiagId::ErrLinkFailed)
        << Path
        << (ErrMsg.empty() ? "exit status " + std::to_string(RC) : ErrMsg);
    return false;
  }
  return true;
}

bool aspen::codegen::checkSanitizers(DiagnosticEngine &Diags,
                                     const CodeGenOptions &Opts) {
  for (const std::string &San : Opts.Sanitizers) {
    if (San != "address" && San != "thread" && San != "undefined") {
      Diags.report({}, DiagId::ErrOptionConflict)
          << "-fsanitize=" + San +
                 " is not supported: aspenc builds programs with "
                 "-fsanitize=address, undefined or thread";
      return false;
    }
    // UBSan's checks are in the code compiled with them: the runtime
    // need not have them.
    if (San == "undefined" || builtWith(San))
      continue;
    if (!sanitizedRuntime(San).empty())
      continue;
    Diags.report({}, DiagId::ErrOptionConflict)
        << "-fsanitize=" + San +
               " needs a libaspenrt built with it, and "
               "there is none: looked for '" +
               runtimePath(San) +
               "'; this aspen was built without the runtime's sanitizer "
               "variants, which are not built by default (configure aspen "
               "with -DASPEN_RUNTIME_VARIANTS=ON to build and install them; "
               "docs/install.md)";
    return false;
  }
  return true;
}
