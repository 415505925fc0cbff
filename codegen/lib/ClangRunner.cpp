//===- ClangRunner.cpp - The one place that drives Clang ------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/CodeGen/ClangRunner.h"
#include "WireGen.h"
#include "aspen/CodeGen/Layout.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/Version.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/Options.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/thread.h"
#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <unistd.h>

using namespace aspen;
using namespace aspen::codegen;
using namespace clang::ast_matchers;

#ifndef ASPEN_CLANGXX
#define ASPEN_CLANGXX "/usr/lib/llvm-16/bin/clang++"
#endif
#ifndef ASPEN_CLANG_RESOURCE_DIR
#define ASPEN_CLANG_RESOURCE_DIR "/usr/lib/llvm-16/lib/clang/16"
#endif

std::string ClangRunner::clangDriver() { return ASPEN_CLANGXX; }

unsigned ClangRunner::clangOption(llvm::ArrayRef<const char *> Args,
                                  unsigned Index, std::string &Nearest) {
  namespace opts = clang::driver::options;
  const llvm::opt::OptTable &Table = clang::driver::getDriverOptTable();
  // What clang++ (not clang-cl, flang or cc1) takes.
  unsigned Exclude = opts::NoDriverOption | opts::CLOption | opts::DXCOption |
                     opts::FlangOnlyOption | opts::Unsupported;
  llvm::opt::InputArgList List(Args.begin() + Index, Args.end());
  unsigned I = 0;
  std::unique_ptr<llvm::opt::Arg> A =
      Table.ParseOneArg(List, I, /*FlagsToInclude=*/0, Exclude);
  Nearest.clear();
  if (A && A->getOption().getID() != opts::OPT_UNKNOWN)
    return I;
  if (A && Table.findNearest(Args[Index], Nearest, 0, Exclude) > 1)
    Nearest.clear();
  return 0;
}

namespace {

/// Turns a Clang source location into an aspen one: the `#line` name and
/// number, registering header files with aspen's SourceManager on first use
/// so the source line can be shown.
class LocationMapper {
public:
  LocationMapper(SourceManager &ASM) : ASM(ASM) {}

  SourceLoc map(const clang::SourceManager &CSM, clang::SourceLocation L) {
    if (L.isInvalid())
      return {};
    clang::PresumedLoc P = CSM.getPresumedLoc(L);
    if (P.isInvalid())
      return {};
    std::string Name = P.getFilename();
    auto It = Files.find(Name);
    if (It == Files.end()) {
      FileId Found;
      for (uint32_t I = 1;; ++I) {
        FileId F{I};
        if (I > Known)
          break;
        if (ASM.getName(F) == Name) {
          Found = F;
          break;
        }
      }
      if (!Found.isValid()) {
        // A header: its text is the buffer Clang read.
        clang::FileID CF = CSM.getFileID(CSM.getExpansionLoc(L));
        bool Invalid = false;
        llvm::StringRef Text = CSM.getBufferData(CF, &Invalid);
        Found = ASM.addBuffer(Name, Invalid ? std::string() : Text.str());
        ++Known;
      }
      It = Files.emplace(Name, Found).first;
    }
    return {It->second, P.getLine(), P.getColumn()};
  }

  uint32_t Known = 0; // files registered before compiling

private:
  SourceManager &ASM;
  std::map<std::string, FileId> Files;
};

/// Forwards Clang's diagnostics to the aspen DiagnosticEngine, in the
/// program's words: what aspenc generated is never named. An error inside
/// a generated-code helper (aspen/gen/: a parameter's static assertion, a
/// box signature's) is reported where the program used it, the first
/// "in instantiation ... requested here" outside those headers; the
/// helpers' own notes are dropped; `aspenSend` and `aspenDequeue` read as
/// the `send` and `dequeue` the program wrote.
class ForwardingConsumer : public clang::DiagnosticConsumer {
public:
  ForwardingConsumer(DiagnosticEngine &Diags, LocationMapper &Mapper)
      : Diags(Diags), Mapper(Mapper) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level == clang::DiagnosticsEngine::Ignored)
      return;
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    std::string Text = inProgramWords(Msg.str().str());
    bool InHelper =
        Info.hasSourceManager() &&
        inGeneratedHelper(Info.getSourceManager(), Info.getLocation());
    bool IsNote = Level == clang::DiagnosticsEngine::Note ||
                  Level == clang::DiagnosticsEngine::Remark;
    if (IsNote) {
      if (InHelper)
        return; // a helper's candidate or declaration
      if (Pending && Info.hasSourceManager()) {
        // Where the program used the helper: the error goes there.
        Pending->Loc = Mapper.map(Info.getSourceManager(), Info.getLocation());
        flush();
        SkipNotes = true;
        return;
      }
      if (SkipNotes)
        return; // more of the instantiation stack of a relocated error
      report(Info, DiagId::NoteCxx, Text);
      return;
    }
    flush();
    SkipNotes = false;
    DiagId Id = Level == clang::DiagnosticsEngine::Warning ? DiagId::WarnCxx
                                                           : DiagId::ErrCxx;
    if (InHelper) {
      Pending =
          PendingDiag{Id, helperMessage(Text),
                      Mapper.map(Info.getSourceManager(), Info.getLocation())};
      return;
    }
    report(Info, Id, Text);
  }

  void finish() override { flush(); }

private:
  struct PendingDiag {
    DiagId Id;
    std::string Text;
    SourceLoc Loc;
  };

  void report(const clang::Diagnostic &Info, DiagId Id,
              const std::string &Text) {
    SourceLoc Loc;
    if (Info.hasSourceManager())
      Loc = Mapper.map(Info.getSourceManager(), Info.getLocation());
    Diags.report(Loc, Id) << Text;
  }

  void flush() {
    if (!Pending)
      return;
    Diags.report(Pending->Loc, Pending->Id) << Pending->Text;
    Pending.reset();
  }

  /// A helper's static assertion says what is wrong in the program's
  /// terms; the condition it tests is the helper's business.
  static std::string helperMessage(const std::string &Text) {
    llvm::StringRef T = Text;
    if (!T.consume_front("static assertion failed"))
      return Text;
    if (T.consume_front(" due to requirement ")) {
      size_t End = T.rfind("': ");
      return End == llvm::StringRef::npos ? Text : T.substr(End + 3).str();
    }
    T.consume_front(": ");
    return T.str();
  }

  static bool inGeneratedHelper(const clang::SourceManager &SM,
                                clang::SourceLocation L) {
    if (L.isInvalid())
      return false;
    llvm::StringRef File = SM.getFilename(SM.getExpansionLoc(L));
    return File.contains("/aspen/gen/");
  }

  /// The user wrote `Module Worker`, not `AspenModule_Worker`; `send`, not
  /// `aspenSend`; and never a name of aspen::gen.
  static std::string inProgramWords(std::string Text) {
    auto Replace = [&Text](llvm::StringRef From, llvm::StringRef To) {
      for (size_t At = 0; (At = Text.find(From.str(), At)) != std::string::npos;
           At += To.size())
        Text.replace(At, From.size(), To.str());
    };
    Replace(ModuleClassPrefix, "");
    Replace("no matching function for call to 'callReduceOp'",
            "a reduce operation must be a function 'void op(T &accumulator, "
            "const T &contribution)' for a payload class T, declared at "
            "namespace scope");
    Replace("no matching member function for call to 'aspenSend'",
            "cannot send this: send takes a QueueElement or a pointer to a "
            "payload (send QueueElement(new ArrayPayload<double>(n));)");
    Replace("aspenSend", "send");
    Replace("aspenDequeueCount", "dequeue");
    Replace("aspenDequeueJoined", "dequeue");
    Replace("aspenReceive", "dequeue");
    Replace("aspenDequeue", "dequeue");
    Replace("aspen::gen::Module", "aspen::ModuleBase");
    return Text;
  }

  DiagnosticEngine &Diags;
  LocationMapper &Mapper;
  std::optional<PendingDiag> Pending;
  bool SkipNotes = false;
};

/// Static or global mutable variables inside generated module classes:
/// instances must share no state.
class SharedStateCheck : public MatchFinder::MatchCallback {
public:
  SharedStateCheck(DiagnosticEngine &Diags, LocationMapper &Mapper)
      : Diags(Diags), Mapper(Mapper) {}

  void run(const MatchFinder::MatchResult &R) override {
    const auto *V = R.Nodes.getNodeAs<clang::VarDecl>("var");
    const auto *C = R.Nodes.getNodeAs<clang::CXXRecordDecl>("module");
    if (!V || !C)
      return;
    llvm::StringRef Name = C->getName();
    bool IsBox = Name.consume_front(BoxClassPrefix);
    if (!IsBox)
      Name.consume_front(ModuleClassPrefix);
    Diags.report(Mapper.map(*R.SourceManager, V->getLocation()),
                 IsBox ? DiagId::ErrBoxSharedState : DiagId::ErrSharedState)
        << V->getName().str() << Name.str();
  }

private:
  DiagnosticEngine &Diags;
  LocationMapper &Mapper;
};

/// A module class without `void run()`.
class MissingRunCheck : public MatchFinder::MatchCallback {
public:
  MissingRunCheck(DiagnosticEngine &Diags, LocationMapper &Mapper)
      : Diags(Diags), Mapper(Mapper) {}

  void run(const MatchFinder::MatchResult &R) override {
    const auto *C = R.Nodes.getNodeAs<clang::CXXRecordDecl>("module");
    std::string Module =
        C->getName()
            .drop_front(llvm::StringRef(ModuleClassPrefix).size())
            .str();
    Diags.report(Mapper.map(*R.SourceManager, C->getLocation()),
                 DiagId::ErrNoRun)
        << Module;
  }

private:
  DiagnosticEngine &Diags;
  LocationMapper &Mapper;
};

/// Runs the matchers over the declarations parsed in this compilation only.
/// MatchFinder's own consumer walks the whole translation unit, which
/// deserialises every declaration of the precompiled runtime headers and
/// matches them too: that doubled Clang's time for a program with networks
/// (0.7 against 0.35 s for examples/snet-cholesky). What the checks look for
/// (module and box classes, and what is inside them) is never in the
/// precompiled header.
class ParsedHereMatcher : public clang::ASTConsumer {
public:
  explicit ParsedHereMatcher(MatchFinder &Finder) : Finder(Finder) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef G) override {
    for (clang::Decl *D : G)
      if (!D->isFromASTFile())
        Parsed.push_back(D);
    return true;
  }
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    std::vector<clang::Decl *> Saved = Ctx.getTraversalScope();
    Ctx.setTraversalScope(Parsed);
    Finder.matchAST(Ctx);
    Ctx.setTraversalScope(Saved);
  }

private:
  MatchFinder &Finder;
  std::vector<clang::Decl *> Parsed;
};

/// EmitLLVMOnlyAction whose AST also goes through the matchers.
class CheckAndEmitAction : public clang::EmitLLVMOnlyAction {
public:
  CheckAndEmitAction(llvm::LLVMContext *Ctx, MatchFinder *Finder)
      : clang::EmitLLVMOnlyAction(Ctx), Finder(Finder) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override {
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    if (Finder)
      Consumers.push_back(std::make_unique<ParsedHereMatcher>(*Finder));
    Consumers.push_back(
        clang::EmitLLVMOnlyAction::CreateASTConsumer(CI, InFile));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
  }

private:
  MatchFinder *Finder;
};

} // namespace

namespace {
/// The driver arguments for compiling `FileName` with the given options.
std::vector<std::string> driverArgs(const ClangOptions &Opts,
                                    llvm::StringRef FileName) {
  // The same level as the whole program: -O0 asks for debuggable code.
  std::string OptFlag = "-O" + std::to_string(Opts.OptLevel);
  std::vector<std::string> Args = {ClangRunner::clangDriver(),
                                   "-std=c++17",
                                   OptFlag,
                                   "-fno-omit-frame-pointer",
                                   "-resource-dir",
                                   ASPEN_CLANG_RESOURCE_DIR,
                                   "-Wall",
                                   "-Wno-unused-function"};
  Args.push_back("-I" + runtimeIncludeDir());
  for (const std::string &I : Opts.IncludeDirs)
    Args.push_back("-I" + I);
  for (const std::string &D : Opts.Defines)
    Args.push_back("-D" + D);
  if (Opts.DebugInfo)
    Args.push_back("-g");
#ifdef ASPEN_PROGRAM_SANITIZE
  Args.push_back("-fsanitize=" ASPEN_PROGRAM_SANITIZE);
  Args.push_back("-fno-sanitize-recover=all");
#endif
  // The nesting aspenc allows in module bodies, Clang allows too.
  Args.push_back("-fbracket-depth=" + std::to_string(Opts.BracketDepth));
  // The command line's own flags come last: clang takes the last -std=,
  // -O or -W of a kind.
  Args.insert(Args.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  Args.push_back("-c");
  Args.push_back(FileName.str());
  Args.push_back("-o");
  Args.push_back("/dev/null");
  return Args;
}
} // namespace

namespace {
/// Where precompiled headers are kept: ASPEN_CACHE_DIR, else
/// $XDG_CACHE_HOME/aspen, else ~/.cache/aspen (made private); empty when
/// none can be made (a read-only home compiles without one) or when
/// another user could write there.
std::string cacheDir() {
  llvm::SmallString<256> Dir;
  if (auto E = llvm::sys::Process::GetEnv("ASPEN_CACHE_DIR")) {
    Dir = *E;
  } else if (auto X = llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
             X && !X->empty()) {
    Dir = *X;
    llvm::sys::path::append(Dir, "aspen");
  } else if (auto H = llvm::sys::Process::GetEnv("HOME"); H && !H->empty()) {
    Dir = *H;
    llvm::sys::path::append(Dir, ".cache", "aspen");
  }
  if (Dir.empty() ||
      llvm::sys::fs::create_directories(Dir, /*IgnoreExisting=*/true,
                                        llvm::sys::fs::owner_all))
    return "";
  // What is in the cache goes into every program built from it: a
  // directory another user owns or may write to (a shared /tmp, a
  // group-writable project space) could hand aspenc a header of theirs.
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Dir, St) || St.getUser() != ::getuid() ||
      (St.permissions() &
       (llvm::sys::fs::group_write | llvm::sys::fs::others_write)))
    return "";
  return std::string(Dir);
}

/// Sets File's modification time to now: when it was last used, which
/// pruneCache goes by.
void touch(const std::string &File) {
  int FD;
  // Not OF_Append: LLVM takes that to mean "create if missing".
  if (llvm::sys::fs::openFileForWrite(File, FD, llvm::sys::fs::CD_OpenExisting,
                                      llvm::sys::fs::OF_None))
    return;
  (void)llvm::sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now());
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

/// Every edit of the runtime's headers, flag set and aspen version makes a
/// header of its own (6 MB), so the cache would grow without end: after
/// making one, drop headers unused for a week, then the least recently used
/// beyond MaxHeaders, and temporaries a crashed aspenc left. Nothing used in
/// the last hour goes, so a build running alongside never loses the header
/// it is about to read.
void pruneCache(const std::string &Dir, const std::string &Keep) {
  constexpr size_t MaxHeaders = 16;
  using Clock = std::chrono::system_clock;
  const auto Now = Clock::now();
  std::vector<std::pair<Clock::time_point, std::string>> Old;
  size_t Headers = 0;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.startswith("runtime-") || It->path() == Keep)
      continue;
    const bool Header = Name.endswith(".pch");
    if (!Header && !Name.endswith(".tmp"))
      continue;
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(It->path(), St))
      continue;
    Headers += Header;
    const auto Used = St.getLastModificationTime();
    if (Now - Used < std::chrono::hours(1))
      continue;
    if (!Header || Now - Used > std::chrono::hours(24 * 7)) {
      llvm::sys::fs::remove(It->path());
      Headers -= Header;
      continue;
    }
    Old.push_back({Used, It->path()});
  }
  std::sort(Old.begin(), Old.end());
  for (size_t I = 0; I < Old.size() && Headers + 1 > MaxHeaders; ++I) {
    // Looked at again just before: another aspenc may have used it since.
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(Old[I].second, St) ||
        Now - St.getLastModificationTime() < std::chrono::hours(1))
      continue;
    llvm::sys::fs::remove(Old[I].second);
    --Headers;
  }
}

/// A precompiled header of aspen/gen/pch.h (what generated code starts
/// with; pch-snet.h for a program with networks) for a compilation with driver
/// arguments Args (driverArgs'), made on first use: parsing the runtime's
/// headers is most of what Clang does for a small program (0.3 of 0.5 s for
/// examples/primes at -O2). Keyed by the arguments, Clang's version and every
/// runtime header's path, size and time, so that another flag, another aspen or
/// an edited header gets a header of its own; made under a unique name and
/// renamed into place, so concurrent aspencs never see half of one. Its input
/// is pch.h itself, which the installation keeps: loading it never needs a file
/// of the cache's. Empty when there is none to use (no cache directory, or
/// Clang failed to make it: the compilation then simply parses).
std::string precompiledHeader(const std::vector<std::string> &Args, bool SNet,
                              bool Verbose) {
  std::string Dir = cacheDir();
  if (Dir.empty())
    return "";
  // The header is made with the compilation's arguments but the program's
  // own include directories (the .asp file's and -I's): what it includes is
  // found in the runtime's and the system's, and Clang takes a precompiled
  // header made without a directory that the compilation adds. So one
  // header serves every program built with the same options, wherever its
  // sources are, and only the first build ever with new options makes one.
  // The last four are "-c", the file, "-o", "/dev/null".
  const std::string RuntimeInclude = "-I" + runtimeIncludeDir();
  std::vector<std::string> Common;
  for (size_t I = 0; I + 4 < Args.size(); ++I) {
    if (Args[I] == "-I") { // a directory of its own: the next argument
      ++I;
      continue;
    }
    if (!llvm::StringRef(Args[I]).startswith("-I") || Args[I] == RuntimeInclude)
      Common.push_back(Args[I]);
  }
  llvm::MD5 Hash;
  for (const std::string &A : Common) {
    Hash.update(A);
    Hash.update(llvm::ArrayRef<uint8_t>{0});
  }
  Hash.update(clang::getClangFullVersion());
  Hash.update(SNet ? "snet" : "plain");
  Hash.update("instantiated"); // -fpch-instantiate-templates
  std::error_code EC;
  std::string Inc = runtimeIncludeDir() + "/aspen";
  for (llvm::sys::fs::recursive_directory_iterator It(Inc, EC), End;
       It != End && !EC; It.increment(EC)) {
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(It->path(), St))
      continue;
    Hash.update(It->path());
    Hash.update(std::to_string(St.getSize()) + ":" +
                std::to_string(
                    St.getLastModificationTime().time_since_epoch().count()));
  }
  llvm::MD5::MD5Result R;
  Hash.final(R);
  std::string Base = Dir + "/runtime-" + std::string(R.digest().str());
  std::string Pch = Base + ".pch";
  // Ours, or left alone (cacheDir: no one else can put a file here). Its
  // time is its last use, which pruneCache goes by.
  if (llvm::sys::fs::exists(Pch)) {
    touch(Pch);
    return Pch;
  }

  const std::string Header = Inc + (SNet ? "/gen/pch-snet.h" : "/gen/pch.h");
  llvm::SmallString<256> Tmp;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Base + "-%%%%%%.tmp", FD, Tmp))
    return "";
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  // Interrupted, aspenc leaves no half-made header behind.
  llvm::sys::RemoveFileOnSignal(Tmp);
  std::vector<std::string> PchArgs = Common;
  // The templates the runtime's headers use are instantiated in the
  // header, once, instead of at the end of every program's translation unit
  // (std::vector<Node>::push_back alone was 19 ms of examples/snet-cholesky,
  // the basic_strings and to_string of <string> 15 more).
  for (const char *A :
       {"-fpch-instantiate-templates", "-x", "c++-header", "-c"})
    PchArgs.push_back(A);
  PchArgs.push_back(Header);
  PchArgs.push_back("-o");
  PchArgs.push_back(std::string(Tmp));
  std::vector<const char *> Argv;
  for (const std::string &A : PchArgs)
    Argv.push_back(A.c_str());
  clang::IgnoringDiagConsumer Quiet;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts =
      new clang::DiagnosticOptions();
  clang::CreateInvocationOptions CIOpts;
  CIOpts.Diags = clang::CompilerInstance::createDiagnostics(
      DiagOpts.get(), &Quiet, /*ShouldOwnClient=*/false);
  std::shared_ptr<clang::CompilerInvocation> Inv =
      clang::createInvocation(Argv, CIOpts);
  bool Ok = false;
  if (Inv) {
    // The driver's job for a header input names no output in the
    // invocation it gives back: say where the PCH goes.
    Inv->getFrontendOpts().OutputFile = std::string(Tmp);
    clang::CompilerInstance CI;
    CI.setInvocation(std::move(Inv));
    CI.createDiagnostics(&Quiet, /*ShouldOwnClient=*/false);
    clang::GeneratePCHAction Action;
    Ok = CI.ExecuteAction(Action) && !CI.getDiagnostics().hasErrorOccurred();
  }
  // Another aspenc may have put its PCH in place meanwhile: keep that one.
  const bool Lost = Ok && llvm::sys::fs::exists(Pch);
  if (Ok && !Lost)
    Ok = !llvm::sys::fs::rename(Tmp, Pch);
  llvm::sys::DontRemoveFileOnSignal(Tmp);
  if (!Ok || Lost) {
    llvm::sys::fs::remove(Tmp);
    return Lost ? Pch : "";
  }
  if (Verbose)
    llvm::errs() << "aspenc: made the precompiled header " << Pch << '\n';
  pruneCache(Dir, Pch);
  return Pch;
}
} // namespace

/// A CompilerInstance over in-memory code whose diagnostics go to aspen's
/// engine.
struct ClangRunner::Setup {
  LocationMapper Mapper;
  ForwardingConsumer Consumer;
  clang::CompilerInstance CI;
  bool Ok = false;

  /// Generated: the code aspenc generated, which starts with the runtime's
  /// headers (a C++ file of the program's is compiled as it is).
  Setup(DiagnosticEngine &Diags, const ClangOptions &Opts,
        llvm::StringRef FileName, llvm::StringRef Code, bool Generated)
      : Mapper(const_cast<SourceManager &>(Diags.getSourceManager())),
        Consumer(Diags, Mapper) {
    std::vector<std::string> Args = driverArgs(Opts, FileName);
    bool UsesPch = false;
    if (Generated && Opts.UsePch) {
      std::string Pch = precompiledHeader(
          Args, Code.contains("<aspen/gen/snet_graph.h>"), Opts.Verbose);
      if (!Pch.empty()) {
        Args.insert(Args.end() - 4, {"-include-pch", Pch});
        UsesPch = true;
      }
    }
    std::vector<const char *> Argv;
    for (const std::string &A : Args)
      Argv.push_back(A.c_str());
    if (Opts.Verbose) {
      llvm::errs() << "aspenc: in-process clang:";
      for (const std::string &A : Args)
        llvm::errs() << ' ' << A;
      llvm::errs() << '\n';
    }
    Mapper.Known = Diags.getSourceManager().numFiles();
    llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts =
        new clang::DiagnosticOptions();
    llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> CDiags =
        clang::CompilerInstance::createDiagnostics(DiagOpts.get(), &Consumer,
                                                   /*ShouldOwnClient=*/false);
    clang::CreateInvocationOptions CIOpts;
    CIOpts.Diags = CDiags;
    std::shared_ptr<clang::CompilerInvocation> Inv =
        clang::createInvocation(Argv, CIOpts);
    if (!Inv)
      return;
    // The PCH's key already covers what Clang would check of its inputs
    // (the runtime's headers, by time and size; the arguments), and a
    // check that failed would be an error the program did not make: a
    // cache emptied in part, a header of the cache touched.
    if (UsesPch)
      Inv->getPreprocessorOpts().DisablePCHOrModuleValidation =
          clang::DisableValidationForModuleKind::PCH;
    Inv->getPreprocessorOpts().addRemappedFile(
        FileName,
        llvm::MemoryBuffer::getMemBufferCopy(Code, FileName).release());
    // The counts Clang prints at the end ("N errors generated") would
    // repeat what aspen's engine already reported.
    Inv->getDiagnosticOpts().ShowCarets = false;
    CI.setInvocation(std::move(Inv));
    CI.createDiagnostics(&Consumer, /*ShouldOwnClient=*/false);
    Ok = true;
  }
};

namespace {
/// Parses only, handing the AST to a consumer.
class ConsumerAction : public clang::ASTFrontendAction {
public:
  explicit ConsumerAction(std::unique_ptr<clang::ASTConsumer> C)
      : C(std::move(C)) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::move(C);
  }

private:
  std::unique_ptr<clang::ASTConsumer> C;
};
} // namespace

namespace {
/// Runs Fn on a thread whose stack fits Clang's recursive descent through
/// Depth nested brackets (the --max-nesting aspenc allows; up to 10000),
/// where the main thread's 8 MiB would overflow. The stack is reserved,
/// not touched: only the depth a program reaches is committed.
bool onLargeStack(unsigned Depth, llvm::function_ref<bool()> Fn) {
  constexpr size_t PerLevel = 32 << 10, Least = 8 << 20;
  size_t Bytes = std::max(Least, size_t(Depth) * PerLevel);
  if (Bytes == Least)
    return Fn(); // the default depth fits the main thread's stack
  bool Result = false;
  llvm::thread T(std::optional<unsigned>(unsigned(Bytes)),
                 [&] { Result = Fn(); });
  T.join();
  return Result;
}
} // namespace

bool ClangRunner::findPayloads(llvm::StringRef FileName, llvm::StringRef Code,
                               WireResult &Out) {
  Setup S(Diags, Opts, FileName, Code, /*Generated=*/true);
  if (!S.Ok)
    return false;
  // The same code is compiled again to make the program, which reports its
  // warnings: this pass reports only errors, or each warning came twice.
  S.CI.getDiagnostics().setIgnoreAllWarnings(true);
  LocationMapper &Mapper = S.Mapper;
  ConsumerAction Action(makeWireConsumer(
      Out, [&Mapper](const clang::SourceManager &SM, clang::SourceLocation L) {
        return Mapper.map(SM, L);
      }));
  unsigned Before = Diags.getNumErrors();
  return onLargeStack(Opts.BracketDepth,
                      [&] { return S.CI.ExecuteAction(Action); }) &&
         Diags.getNumErrors() == Before;
}

std::unique_ptr<llvm::Module> ClangRunner::compile(llvm::StringRef FileName,
                                                   llvm::StringRef Code,
                                                   llvm::LLVMContext &Ctx,
                                                   bool CheckModules) {
  Setup S(Diags, Opts, FileName, Code, /*Generated=*/CheckModules);
  if (!S.Ok)
    return nullptr;
  LocationMapper &Mapper = S.Mapper;
  clang::CompilerInstance &CI = S.CI;
  // The IR as Clang makes it at this -O level, before its optimisation
  // pipeline: aspenc runs that pipeline once, over the whole program (the
  // modules, main() and the collectives together), where running it here
  // too optimised every module twice.
  CI.getCodeGenOpts().DisableLLVMPasses = Opts.OptLevel > 0;

  MatchFinder Finder;
  SharedStateCheck Check(Diags, Mapper);
  // A generated module class is a top-level class named AspenModule_NAME
  // (AspenBox_NAME for a box); classes nested in it are the user's.
  std::string ModuleRegex = std::string("^::") + ModuleClassPrefix + "[^:]+$";
  std::string ModuleOrBoxRegex = std::string("^::(") + ModuleClassPrefix + "|" +
                                 BoxClassPrefix + ")[^:]+$";
  auto InModule =
      hasAncestor(cxxRecordDecl(matchesName(ModuleOrBoxRegex)).bind("module"));
  Finder.addMatcher(
      varDecl(anyOf(hasStaticStorageDuration(), hasThreadStorageDuration()),
              InModule, unless(hasType(isConstQualified())),
              unless(isConstexpr()))
          .bind("var"),
      &Check);

  MissingRunCheck RunCheck(Diags, Mapper);
  Finder.addMatcher(
      cxxRecordDecl(isDefinition(), matchesName(ModuleRegex),
                    unless(has(cxxMethodDecl(
                        hasName("run"), parameterCountIs(0),
                        returns(voidType()), unless(isStaticStorageClass())))))
          .bind("module"),
      &RunCheck);

  CheckAndEmitAction Action(&Ctx, CheckModules ? &Finder : nullptr);
  unsigned Before = Diags.getNumErrors();
  bool Ok =
      onLargeStack(Opts.BracketDepth, [&] { return CI.ExecuteAction(Action); });
  if (!Ok || Diags.getNumErrors() != Before)
    return nullptr;
  return Action.takeModule();
}
