//===- ModuleEmitter.cpp - Action modules as one C++ translation unit -----===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each action module becomes `struct AspenModule_NAME : aspen::gen::Module`
// holding its data_section and its body. The extensions become member calls:
//
//   send e;          aspenSend(PORT, e);
//   send e on q;     aspenSend(PORT_OF_q, e);
//   dequeue(q)       aspenDequeue(PORT_OF_q)
//   dequeue(a | b, within: d, from: k)
//                    aspenReceive({PORTS}, SENDER, NANOSECONDS, "SITE")
//   dequeue(q, count: n)  aspenDequeueCount(PORT, N, "SITE")
//   dequeue(a & b)   aspenDequeueJoined({PORTS})
//   getPayload...    getPayload... (ModuleBase's, which forwards)
//
// Every verbatim fragment is preceded by `#line` and padded to its original
// column, so Clang's diagnostics name the `.asp` file, line and column.
//
//===----------------------------------------------------------------------===//

#include "aspen/CodeGen/ClangRunner.h"
#include "aspen/CodeGen/CodeGen.h"
#include "aspen/abi/lists.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cassert>
#include <map>
#include <set>

using namespace aspen;
using namespace aspen::codegen;
using llvm::dyn_cast;

std::string aspen::codegen::userOpSymbol(llvm::StringRef Op) {
  std::string S = "aspen_op_";
  for (char C : Op)
    S += (isalnum(static_cast<unsigned char>(C)) ? C : '_');
  return S;
}

namespace {
class Emitter {
public:
  Emitter(const SourceManager &SM, llvm::raw_string_ostream &OS)
      : SM(SM), OS(OS) {}

  void directive(const ast::DirectiveDecl &D) {
    lineAt(D.getLoc());
    // All files' directives go into one generated file, so a quoted
    // include that exists next to the .asp file naming it is spelled by
    // that path: two files of a program in different directories may each
    // include their own "util.h".
    if (D.IsInclude && !D.Angled &&
        !llvm::sys::path::is_absolute(D.IncludePath)) {
      llvm::SmallString<256> Here(
          llvm::sys::path::parent_path(SM.getName(D.getLoc().File)));
      llvm::sys::path::append(Here, D.IncludePath);
      // A header name has no escapes: a path with a quote keeps the line.
      if (llvm::sys::fs::is_regular_file(Here) &&
          !llvm::sys::fs::make_absolute(Here) &&
          Here.str().find_first_of("\"\n") == llvm::StringRef::npos) {
        OS << "#include \"" << Here << "\"\n";
        return;
      }
    }
    OS << D.Text << '\n';
  }

  void module(const graph::Program &P, const graph::Module &M,
              const ast::ActionModuleDecl &A,
              const ast::DeclareModuleDecl *Decl) {
    Mod = &M;
    // The class name sits exactly where the module's name is in the .asp
    // file, so diagnostics about the class point at the module.
    newline();
    OS << "struct";
    AtLineStart = false;
    lineAt(A.Ident.Range.Begin);
    OS.indent(A.Ident.Range.Begin.Col - 1);
    OS << ModuleClassPrefix << M.Name << " : ::aspen::gen::Module {";
    AtLineStart = false;
    if (Decl && Decl->ParamSection)
      verbatim(*Decl->ParamSection);
    if (Decl && Decl->DataSection)
      verbatim(*Decl->DataSection);
    body(A.Body);
    argConstructors(P, M);
    newline();
    OS << "};\n";
    lineAt(A.Ident.Range.Begin);
    OS << "extern \"C\" ::aspen::ModuleBase *aspen_new_" << M.Name
       << "() { return ::aspen::gen::makeModule<" << ModuleClassPrefix << M.Name
       << ">(); }\n";
  }

  /// A box module: its class (the user's body plus BoxBase) and the adapter
  /// the engine calls with one input record.
  void box(const ast::BoxModuleDecl &B) {
    const std::string &N = B.Ident.Text;
    // The signature as types: Clang checks emit<K>(...) and box(...)
    // against it.
    auto Variant = [](const ast::RecordType &T) {
      std::string S = "::aspen::snet::Variant<";
      for (size_t I = 0; I < T.Entries.size(); ++I)
        S += std::string(I ? ", " : "") +
             (T.Entries[I].IsTag ? "true" : "false");
      return S + ">";
    };
    newline();
    OS << "using AspenSig_" << N << " = ::aspen::snet::Signature<"
       << Variant(B.Sig.Input);
    for (const ast::RecordType &T : B.Sig.Outputs)
      OS << ", " << Variant(T);
    OS << ">;\n";
    OS << "struct";
    AtLineStart = false;
    lineAt(B.Ident.Range.Begin);
    OS.indent(B.Ident.Range.Begin.Col - 1);
    OS << BoxClassPrefix << N << " : ::aspen::snet::Box<AspenSig_" << N
       << "> {";
    AtLineStart = false;
    Mod = nullptr;
    body(B.Body);
    newline();
    OS << "};\n";
    lineAt(B.Ident.Range.Begin);
    // The signature's labels are interned once, not on every record.
    OS << "static void aspen_box_" << N
       << "(::aspen::snet::Record &In, "
          "std::vector<::aspen::snet::Record> &Out) {\n"
       << "  static const std::vector<::aspen::snet::Labels> &Variants = "
          "::aspen::snet::labelLists({";
    for (size_t I = 0; I < B.Sig.Outputs.size(); ++I)
      OS << (I ? ", " : "") << labels(B.Sig.Outputs[I]);
    OS << "});\n  static const ::aspen::snet::Labels &Input = "
          "::aspen::snet::labelList("
       << labels(B.Sig.Input) << ");\n  " << BoxClassPrefix << N
       << " B;\n  B.Variants = &Variants;\n  B.Out = &Out;\n"
       << "  ::aspen::snet::invokeBox<AspenSig_" << N << ">(B, &"
       << BoxClassPrefix << N << "::box, In, Input);\n}\n"
       << "[[maybe_unused]] static const bool aspen_box_registered_" << N
       << " = ::aspen::snet::registerBox(" << quoted(N) << ");\n";
  }

  /// One S-Net network instance: its graph, built at start-up, and the
  /// module instance that runs records through it.
  void network(const graph::Program &P, const graph::Instance &I,
               const std::string &Id) {
    std::map<uint32_t, std::string> Names;
    std::string Build;
    llvm::raw_string_ostream B(Build);
    emitNode(P, I.Net, Id, Names, B);
    lineAt(I.Loc);
    // Runs once, at start-up; optimising one long function with a local
    // per node costs time superlinear in its length (200 boxes in series:
    // about 20 s at -O2), for nothing.
    OS << "__attribute__((optnone, noinline, cold)) static "
          "::aspen::snet::Graph aspen_net_graph_"
       << Id << "() {\n"
       << "  ::aspen::snet::GraphBuilder Gb;\n"
       << B.str() << "  return Gb.finish(" << Names[I.Net.Index] << ");\n}\n"
       << "struct " << ModuleClassPrefix << "net_" << Id
       << " : ::aspen::gen::Module {\n"
       << "  ::aspen::snet::Graph Net = aspen_net_graph_" << Id << "();\n"
       << "  void run() override { ::aspen::snet::runNetwork(*this, Net); }\n"
       << "};\n"
       << "extern \"C\" ::aspen::ModuleBase *aspen_new_net_" << Id
       << "() { return new " << ModuleClassPrefix << "net_" << Id << "(); }\n";
  }

  /// One constructor per declaration with arguments of module M: the
  /// arguments initialise their parameters, so the data_section's own
  /// initialisers (declared after the parameters) already see them. Each
  /// argument's check sits at the argument's own line and column, so
  /// Clang's type errors point into the flow.
  void argConstructors(const graph::Program &P, const graph::Module &M) {
    bool Any = false;
    for (size_t K = 0; K < P.ArgLists.size(); ++K) {
      const graph::ArgList &L = P.ArgLists[K];
      if (&P.get(L.Module) != &M)
        continue;
      if (!Any) {
        newline();
        OS << "  " << ModuleClassPrefix << M.Name << "() = default;";
        AtLineStart = false;
        Any = true;
      }
      lineAt(L.Loc);
      OS << "  explicit " << ModuleClassPrefix << M.Name
         << "(::aspen::gen::ArgsTag<" << K << ">)";
      AtLineStart = false;
      bool First = true;
      for (const graph::ArgList::Arg &A : L.Values) {
        newline();
        OS << (First ? "    : " : "    , ") << A.Param << "(";
        AtLineStart = false;
        First = false;
        // The helper's name sits at the argument's column (its namespace on
        // the line before): an argument of the wrong type is reported
        // there.
        OS << "::aspen::gen::";
        AtLineStart = false;
        lineAt(A.Loc);
        OS.indent(A.Loc.Col - 1);
        if (A.IsString)
          OS << "stringParam<decltype(" << A.Param << ")>(" << A.Cxx << "))";
        else
          OS << "intParam<" << A.Cxx << ", decltype(" << A.Param << ")>())";
        AtLineStart = false;
      }
      OS << " {}";
    }
  }

  /// The factory of the instances one declaration with arguments makes.
  void argFactory(const graph::Program &P, size_t K) {
    const graph::ArgList &L = P.ArgLists[K];
    const std::string &Name = P.get(L.Module).Name;
    lineAt(L.Loc);
    OS << "extern \"C\" ::aspen::ModuleBase *aspen_new_args_" << K
       << "() {\n  return new " << ModuleClassPrefix << Name
       << "(::aspen::gen::ArgsTag<" << K << ">{});\n}\n";
    AtLineStart = true;
  }

  void reduceOp(const std::string &Op, SourceLoc Loc) {
    newline();
    OS << "extern \"C\" void " << userOpSymbol(Op)
       << "(::aspen::Payload &A, const ::aspen::Payload &B) {\n"
          "  using ::aspen::gen::callReduceOp;\n";
    // The call's name lands on the operation's line and column: an error
    // about the operation's type (Clang reports it at the call) then
    // points at `op` in `r(op)`.
    lineAt(Loc);
    OS.indent(Loc.Col > 1 ? Loc.Col - 1 : 0);
    OS << "callReduceOp(&" << Op << ", A, B); }\n";
    AtLineStart = true;
  }

private:
  static std::string quoted(const std::string &S) { return "\"" + S + "\""; }
  /// A label as generated code names it: a namespace-scope Sym, interned
  /// once at start-up, which declareSyms must have declared. (A
  /// function-local static per use site, as generated code had before,
  /// costs a lambda, a guard variable and its checks at every use: for the
  /// filters of examples/snet-fibonacci3, about a fifth of the optimiser's
  /// time.)
  std::string sym(const std::string &S) const {
    auto It = SymIds.find(S);
    assert(It != SymIds.end() && "label used before declareSyms");
    return "aspen_sym_" + std::to_string(It->second);
  }
  /// Declares the labels in Names that have no Sym yet, between functions.
  void declareSyms(const std::vector<std::string> &Names) {
    for (const std::string &S : Names) {
      if (!SymIds.emplace(S, unsigned(SymIds.size())).second)
        continue;
      newline();
      OS << "static const ::aspen::snet::Sym " << sym(S) << "(" << quoted(S)
         << ");\n";
    }
  }
  std::map<std::string, unsigned> SymIds;

  /// A record type as the runtime's parseLabels reads it: a string literal
  /// of its labels, separated by spaces, tags in angle brackets ("F <t>").
  /// Generated code builds no label containers of its own (GraphBuilder
  /// says why).
  static std::string labels(const ast::RecordType &T) {
    std::string S;
    for (size_t I = 0; I < T.Entries.size(); ++I) {
      const std::string &L = T.Entries[I].Label.Text;
      S += std::string(I ? " " : "") + (T.Entries[I].IsTag ? "<" + L + ">" : L);
    }
    return quoted(S);
  }

  static std::string labels(const graph::RecordType &T) {
    std::string S;
    for (const std::string &F : T.Fields)
      S += (S.empty() ? "" : " ") + F;
    for (const std::string &G : T.Tags)
      S += (S.empty() ? "<" : " <") + G + ">";
    return quoted(S);
  }

  /// Locals for the tags of a pattern, `aspen_tag_<name>`, which guards and
  /// tag expressions (Sema's tagExprCxx) use: no tag name can clash with
  /// the generated code's own names or with C++'s.
  std::string tagLocals(const graph::RecordType &T) const {
    std::string S;
    for (const std::string &G : T.Tags)
      S += "  [[maybe_unused]] const long aspen_tag_" + G + " = In.tag(" +
           sym(G) + ");\n";
    return S;
  }

  /// A C++ string literal of S.
  static std::string cxxString(const std::string &S) {
    std::string Out = "\"";
    for (char C : S) {
      if (C == '"' || C == '\\')
        Out += '\\';
      Out += C;
    }
    return Out + "\"";
  }

  /// `file:line:col`, for run-time errors.
  std::string where(SourceLoc L) const {
    return SM.getName(L.File).str() + ":" + std::to_string(L.Line) + ":" +
           std::to_string(L.Col);
  }

  /// Closes a guard's or filter's function body (a function-try-block):
  /// a tag expression without a value is reported with its place.
  void catchTagError(const std::string &What, SourceLoc L) {
    OS << "} catch (const ::aspen::snet::TagError &X) {\n"
       << "  ::aspen::snet::tagErrorAt(X, "
       << cxxString(What + " at " + where(L)) << ");\n}\n";
  }

  /// A pattern's labels (labels()) and its guard (a function's address, or
  /// nullptr), defining the guard function. Its `#line` is the guard's, so
  /// Clang's diagnostics point at it.
  std::pair<std::string, std::string> pattern(const graph::Pattern &Pat,
                                              const std::string &Fn) {
    if (Pat.Guard.empty())
      return {labels(Pat.Type), "nullptr"};
    declareSyms(Pat.Type.Tags);
    lineAt(Pat.GuardLoc);
    OS << "static bool " << Fn << "(const ::aspen::snet::Record &In) try {\n"
       << tagLocals(Pat.Type);
    lineAt(Pat.GuardLoc);
    OS << "  return " << Pat.GuardCxx << ";\n";
    catchTagError("the guard '" + Pat.Guard + "'", Pat.GuardLoc);
    return {labels(Pat.Type), "&" + Fn};
  }

  /// Emits the helpers node `Id` needs and the statements adding it (and its
  /// children, first) to the graph G being built into `B`.
  void emitNode(const graph::Program &P, graph::SNetNodeId Id,
                const std::string &Net, std::map<uint32_t, std::string> &Names,
                llvm::raw_ostream &B) {
    const graph::SNetNode &N = P.get(Id);
    for (graph::SNetNodeId C : N.Children)
      emitNode(P, C, Net, Names, B);
    std::string Var = "n" + std::to_string(Id.Index);
    std::string Fn = "aspen_" + Net + "_" + std::to_string(Id.Index);
    Names[Id.Index] = Var;
    B << "  int " << Var << " = Gb.node(::aspen::snet::Node::"
      << aspen::abi::SNetNodeNames[unsigned(N.K)] << ", "
      << cxxString(where(N.Loc)) << ");\n";
    for (graph::SNetNodeId C : N.Children)
      B << "  Gb.child(" << Var << ", " << Names[C.Index] << ");\n";
    if (N.Deterministic)
      B << "  Gb.deterministic(" << Var << ");\n";
    if (N.Initialiser)
      B << "  Gb.initialiser(" << Var << ");\n";
    bool Exits =
        N.K == graph::SNetNode::Star || N.K == graph::SNetNode::Feedback;
    if (Exits && N.Patterns.size() > 1) {
      // The engine tests one exit pattern: several become one that has no
      // labels of its own and a guard matching any of them.
      std::vector<std::pair<std::string, std::string>> Pats;
      for (size_t I = 0; I < N.Patterns.size(); ++I)
        Pats.push_back(
            pattern(N.Patterns[I], Fn + "_guard" + std::to_string(I)));
      newline();
      OS << "static bool " << Fn
         << "_exits(const ::aspen::snet::Record &In) {\n"
         << "  static const char *const Labels[] = {";
      for (size_t I = 0; I < Pats.size(); ++I)
        OS << (I ? ", " : "") << Pats[I].first;
      OS << "};\n  static const ::aspen::snet::GuardFn Guards[] = {";
      for (size_t I = 0; I < Pats.size(); ++I)
        OS << (I ? ", " : "") << Pats[I].second;
      OS << "};\n  static const ::aspen::snet::PatternSet Any(Labels, Guards, "
         << Pats.size() << ");\n  return Any.matchesAny(In);\n}\n";
      B << "  Gb.pattern(" << Var << ", \"\", &" << Fn << "_exits);\n";
    } else {
      for (size_t I = 0; I < N.Patterns.size(); ++I) {
        auto [Labels, Guard] =
            pattern(N.Patterns[I], Fn + "_guard" + std::to_string(I));
        B << "  Gb.pattern(" << Var << ", " << Labels << ", " << Guard
          << ");\n";
      }
    }
    switch (N.K) {
    case graph::SNetNode::Box:
      B << "  Gb.box(" << Var << ", " << quoted(N.BoxName) << ", &aspen_box_"
        << N.BoxName << ");\n";
      break;
    case graph::SNetNode::Split:
      B << "  Gb.splitTag(" << Var << ", " << quoted(N.Tag) << ");\n";
      break;
    case graph::SNetNode::Parallel:
      for (graph::SNetNodeId C : N.Children) {
        B << "  Gb.branch(" << Var << ");\n";
        for (const graph::RecordType &T : P.get(C).Accepts)
          B << "  Gb.branchType(" << Var << ", " << labels(T) << ");\n";
      }
      break;
    case graph::SNetNode::Filter: {
      if (!N.Identity) {
        std::vector<std::string> Used = N.Patterns[0].Type.Tags;
        for (const graph::FilterBranch &Br : N.FilterBranches)
          for (const auto &Assigns : Br.Outputs)
            for (const graph::FilterAssign &A : Assigns) {
              Used.push_back(A.Label);
              if (!A.IsTag)
                Used.push_back(A.Source);
            }
        declareSyms(Used);
      }
      lineAt(N.Loc);
      OS << "static void " << Fn
         << "_filter(const ::aspen::snet::Record &In, "
            "std::vector<::aspen::snet::Record> &Out) try {\n";
      if (N.Identity) {
        OS << "  Out.push_back(In);\n";
        B << "  Gb.pattern(" << Var << ", \"\", nullptr);\n";
      } else {
        OS << tagLocals(N.Patterns[0].Type);
        // `if (c1) {...} else if (c2) {...} else {...}`: the first branch
        // whose condition holds emits its records.
        for (const graph::FilterBranch &Br : N.FilterBranches) {
          bool First = &Br == &N.FilterBranches.front();
          if (!Br.Cond.empty()) {
            lineAt(Br.CondLoc);
            OS << (First ? "  if (" : "  else if (") << Br.CondCxx << ") {\n";
          } else {
            OS << (First ? "  {\n" : "  else {\n");
          }
          for (const auto &Assigns : Br.Outputs) {
            OS << "  {\n    ::aspen::snet::Record aspen_out;\n";
            for (const graph::FilterAssign &A : Assigns)
              if (A.IsTag) {
                lineAt(A.Loc); // Clang's diagnostics point at the expression
                OS << "    aspen_out.tag(" << sym(A.Label) << ", long(" << A.Cxx
                   << "));\n";
              } else {
                OS << "    aspen_out.copyField(" << sym(A.Label) << ", In, "
                   << sym(A.Source) << ");\n";
              }
            OS << "    Out.push_back(std::move(aspen_out));\n  }\n";
          }
          OS << "  }\n";
        }
      }
      catchTagError("the filter", N.Loc);
      B << "  Gb.filter(" << Var << ", &" << Fn << "_filter);\n";
      break;
    }
    default:
      break;
    }
  }

  void newline() {
    if (!AtLineStart)
      OS << '\n';
    AtLineStart = true;
  }

  /// A file's name as the contents of a string literal.
  std::string escapedName(FileId F) {
    std::string S;
    for (char C : SM.getName(F)) {
      if (C == '"' || C == '\\')
        S += '\\';
      S += C;
    }
    return S;
  }

  void lineAt(SourceLoc L) {
    newline();
    OS << "#line " << L.Line << " \"" << escapedName(L.File) << "\"\n";
  }

  void verbatim(const ast::CxxVerbatim &V) {
    lineAt(V.Range.Begin);
    OS.indent(V.Range.Begin.Col - 1);
    OS << V.Text;
    AtLineStart = !V.Text.empty() && V.Text.back() == '\n';
  }

  unsigned port(const std::vector<std::string> &Queues,
                const std::optional<ast::Name> &Q) {
    if (!Q)
      return 0;
    return port(Queues, *Q);
  }
  unsigned port(const std::vector<std::string> &Queues, const ast::Name &Q) {
    for (size_t I = 0; I < Queues.size(); ++I)
      if (Queues[I] == Q.Text)
        return unsigned(I + 1);
    return 0; // Sema has reported an undeclared queue
  }

  /// "file:line:col" of a receive, for the errors only known at run time.
  std::string site(SourceLoc L) {
    return "\"" + escapedName(L.File) + ":" + std::to_string(L.Line) + ":" +
           std::to_string(L.Col) + "\"";
  }

  /// `dequeue(...)` in each of its forms (the file comment).
  void dequeue(const ast::DequeueExpr &D) {
    auto Port = [&](size_t K) {
      if (D.Queues.empty() || D.Queues[K].Text.empty())
        return 0u;
      return port(Mod->InputQueues, D.Queues[K]);
    };
    auto Ports = [&] {
      OS << '{';
      for (size_t K = 0; K < std::max<size_t>(D.Queues.size(), 1); ++K)
        OS << (K ? ", " : "") << Port(K) << 'u';
      OS << '}';
    };
    // The check starts at the option's name, so that Clang's errors about
    // the value's type point there; the value keeps its own line and
    // columns.
    auto Value = [&](const ast::DequeueExpr::Option &O, const char *Check) {
      lineAt(O.Key.Range.Begin);
      OS.indent(O.Key.Range.Begin.Col - 1);
      OS << Check << "((";
      AtLineStart = false;
      body(O.Value);
      OS << "), " << site(O.Key.Range.Begin) << ')';
      AtLineStart = false;
    };
    std::string Site = site(D.Range.Begin);
    if (D.isPlain()) {
      OS << "aspenDequeue(" << Port(0) << ")";
    } else if (D.Count) {
      OS << "aspenDequeueCount(" << Port(0) << ", ";
      Value(*D.Count, "aspenCount");
      OS << ", " << Site << ")";
    } else if (D.List == ast::DequeueExpr::Joined) {
      OS << "aspenDequeueJoined(";
      Ports();
      OS << ")";
    } else {
      OS << "aspenReceive(";
      Ports();
      OS << ", ";
      if (D.From && !D.From->Any)
        Value(*D.From, "aspenFrom");
      else
        OS << "-1";
      OS << ", ";
      if (D.Within)
        Value(*D.Within, "aspenWithin");
      else
        OS << "-1";
      OS << ", " << Site << ")";
    }
    AtLineStart = false;
  }

  void body(const ast::CxxBody &B) {
    for (const auto &F : B) {
      if (auto *V = dyn_cast<ast::CxxVerbatim>(F.get())) {
        verbatim(*V);
      } else if (auto *S = dyn_cast<ast::SendStmt>(F.get())) {
        OS << "aspenSend(" << port(Mod->OutputQueues, S->Queue) << ", ";
        AtLineStart = false;
        body(S->Operand);
        OS << ");";
        AtLineStart = false;
      } else if (auto *D = dyn_cast<ast::DequeueExpr>(F.get())) {
        dequeue(*D);
      } else if (auto *G = dyn_cast<ast::GetPayloadExpr>(F.get())) {
        OS << "getPayload"; // ModuleBase::getPayload, same columns
        if (G->TypeArg) {
          OS << '<';
          AtLineStart = false;
          // The type argument keeps its own line and columns.
          ast::CxxVerbatim Arg;
          Arg.Text = *G->TypeArg;
          Arg.Range.Begin = G->TypeArgLoc;
          verbatim(Arg);
          OS << '>';
        }
        OS << '(';
        AtLineStart = false;
        body(G->Operand);
        OS << ')';
        AtLineStart = false;
      }
    }
  }

  const SourceManager &SM;
  llvm::raw_string_ostream &OS;
  const graph::Module *Mod = nullptr;
  bool AtLineStart = true;
};
} // namespace

std::string aspen::codegen::emitModuleSource(
    const graph::Program &P, llvm::ArrayRef<const ast::TranslationUnit *> Units,
    const SourceManager &SM) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "// Generated by aspenc from the action modules of root module '"
     << P.RootName << "'.\n#include <aspen/gen/module.h>\n";
  Emitter E(SM, OS);
  std::map<std::string, const ast::ActionModuleDecl *> Actions;
  std::map<std::string, const ast::BoxModuleDecl *> Boxes;
  std::map<std::string, const ast::DeclareModuleDecl *> Declares;
  for (const ast::TranslationUnit *TU : Units)
    for (const auto &D : TU->Decls) {
      if (auto *Dir = dyn_cast<ast::DirectiveDecl>(D.get()))
        E.directive(*Dir);
      else if (auto *A = dyn_cast<ast::ActionModuleDecl>(D.get()))
        Actions.emplace(A->Ident.Text, A);
      else if (auto *B = dyn_cast<ast::BoxModuleDecl>(D.get()))
        Boxes.emplace(B->Ident.Text, B);
      else if (auto *M = dyn_cast<ast::DeclareModuleDecl>(D.get()))
        Declares.emplace(M->Ident.Text, M);
    }
  for (const graph::Module &M : P.Modules) {
    if (M.K != graph::Module::Action)
      continue;
    auto It = Actions.find(M.Name);
    if (It == Actions.end())
      continue;
    auto D = Declares.find(M.Name);
    E.module(P, M, *It->second, D == Declares.end() ? nullptr : D->second);
  }
  for (size_t K = 0; K < P.ArgLists.size(); ++K)
    E.argFactory(P, K);
  // S-Net: the boxes the networks use, then each network.
  bool AnyNet = false;
  for (const graph::Instance &I : P.Instances)
    AnyNet |= I.K == graph::Instance::SNet;
  if (AnyNet) {
    OS << "#include <aspen/gen/snet_graph.h>\n";
    // S-Net's tag functions (Sema's tagExprCxx calls them); abs goes
    // through tagNeg, so abs of the smallest tag is an error, not a wrap.
    OS << "[[maybe_unused]] static long aspen_tagfn_abs(long V) {\n"
          "  return V < 0 ? ::aspen::snet::tagNeg(V) : V;\n}\n"
          "[[maybe_unused]] static long aspen_tagfn_min(long A, long B) {\n"
          "  return A < B ? A : B;\n}\n"
          "[[maybe_unused]] static long aspen_tagfn_max(long A, long B) {\n"
          "  return A < B ? B : A;\n}\n";
    for (const graph::Module &M : P.Modules)
      if (M.K == graph::Module::Box && Boxes.count(M.Name))
        E.box(*Boxes[M.Name]);
    for (size_t I = 0; I < P.Instances.size(); ++I)
      if (P.Instances[I].K == graph::Instance::SNet)
        E.network(P, P.Instances[I], std::to_string(I));
  }
  // One adapter per user reduce operation, placed at its first use so a
  // C++ error about the operation points at `r(op)` in the flow statement.
  std::set<std::string> Ops;
  for (const graph::Collective &C : P.Collectives)
    if (C.UserOp && Ops.insert(C.Op).second)
      E.reduceOp(C.Op, C.OpLoc.Line ? C.OpLoc : C.Loc);
  OS << '\n';
  return Out;
}
