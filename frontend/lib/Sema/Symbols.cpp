//===- Symbols.cpp - Program-wide names and module checks -----------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SemaImpl.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <cctype>
#include <functional>

using namespace aspen;
using namespace aspen::sema;
using llvm::dyn_cast;

namespace {
const char *kindWord(Symbol::Kind K) {
  switch (K) {
  case Symbol::Action:
    return "module";
  case Symbol::Root:
    return "root module";
  case Symbol::Box:
    return "box module";
  case Symbol::Net:
    return "net";
  case Symbol::BuiltinReduce:
  case Symbol::BuiltinBroadcast:
    return "built-in module";
  }
  return "module";
}
} // namespace

const Symbol *Sema::lookup(llvm::StringRef Name) const {
  auto It = Symbols.find(Name.str());
  return It == Symbols.end() ? nullptr : &It->second;
}

/// Adds a symbol, reporting a redefinition against any earlier one.
static Symbol *define(std::map<std::string, Symbol> &Symbols,
                      DiagnosticEngine &Diags, Symbol S) {
  auto [It, Inserted] = Symbols.try_emplace(S.Name, S);
  if (Inserted)
    return &It->second;
  Symbol &Prev = It->second;
  // Gather, Scatter and AllToAll came after programs had modules of those
  // names: a program's own module takes the name.
  if (Prev.K == Symbol::BuiltinBroadcast &&
      Prev.Coll != graph::Collective::Broadcast) {
    Prev = S;
    return &Prev;
  }
  bool PrevBuiltin =
      Prev.K == Symbol::BuiltinReduce || Prev.K == Symbol::BuiltinBroadcast;
  Diags.report(S.Loc, DiagId::ErrRedefinition)
      << (PrevBuiltin ? "built-in module" : kindWord(Prev.K)) << S.Name;
  if (Prev.Loc.isValid())
    Diags.report(Prev.Loc, DiagId::NotePreviousDefinition) << S.Name;
  return nullptr;
}

void Sema::collect(const ast::TranslationUnit &TU) {
  for (const auto &D : TU.Decls) {
    Symbol S;
    if (auto *R = dyn_cast<ast::RootModuleDecl>(D.get())) {
      S.K = Symbol::Root;
      S.Name = R->Ident.Text;
      S.Loc = R->Ident.Range.Begin;
      S.RootDecl = R;
    } else if (auto *A = dyn_cast<ast::ActionModuleDecl>(D.get())) {
      S.K = Symbol::Action;
      S.Name = A->Ident.Text;
      S.Loc = A->Ident.Range.Begin;
      S.ActionDecl = A;
    } else if (auto *B = dyn_cast<ast::BoxModuleDecl>(D.get())) {
      S.K = Symbol::Box;
      S.Name = B->Ident.Text;
      S.Loc = B->Ident.Range.Begin;
      S.BoxDecl = B;
    } else if (auto *N = dyn_cast<ast::NetDecl>(D.get())) {
      S.K = Symbol::Net;
      S.Name = N->Ident.Text;
      S.Loc = N->Ident.Range.Begin;
      S.NetDecl = N;
    } else {
      continue; // directives; Declare Module is matched up in checkModules
    }
    define(Symbols, Diags, std::move(S));
  }
}

/// Walks a C++ body: checks named queues and notes default-queue use and
/// the queues dequeued `from:` a sender.
static void scanBody(const ast::CxxBody &Body, graph::Module &M,
                     DiagnosticEngine &Diags, bool &SendsDefault,
                     bool &DequeuesDefault) {
  auto Has = [](const std::vector<std::string> &V, const std::string &Q) {
    return std::find(V.begin(), V.end(), Q) != V.end();
  };
  for (const auto &F : Body) {
    if (auto *S = dyn_cast<ast::SendStmt>(F.get())) {
      if (!S->Queue)
        SendsDefault = true;
      else if (!Has(M.OutputQueues, S->Queue->Text))
        Diags.report(S->Queue->Range.Begin, DiagId::ErrSendUnknownQueue)
            << S->Queue->Text << M.Name;
      scanBody(S->Operand, M, Diags, SendsDefault, DequeuesDefault);
    } else if (auto *D = dyn_cast<ast::DequeueExpr>(F.get())) {
      if (D->Queues.empty())
        DequeuesDefault = true;
      bool Known = true;
      for (const ast::Name &Q : D->Queues) {
        if (Q.Text.empty()) {
          DequeuesDefault = true;
        } else if (!Has(M.InputQueues, Q.Text)) {
          Diags.report(Q.Range.Begin, DiagId::ErrDequeueUnknownQueue)
              << Q.Text << M.Name;
          Known = false;
        }
      }
      if (D->From && Known) {
        std::string Q = D->Queues.empty() ? "" : D->Queues[0].Text;
        if (!Has(M.BySenderQueues, Q))
          M.BySenderQueues.push_back(Q);
      }
      for (auto *O : {&D->Within, &D->Count, &D->From})
        if (*O)
          scanBody((*O)->Value, M, Diags, SendsDefault, DequeuesDefault);
    } else if (auto *G = dyn_cast<ast::GetPayloadExpr>(F.get())) {
      scanBody(G->Operand, M, Diags, SendsDefault, DequeuesDefault);
    }
  }
}

/// Reports the first Aspen extension found in a box body.
static bool findExtension(const ast::CxxBody &Body, const char *&Word,
                          SourceLoc &Loc) {
  for (const auto &F : Body) {
    if (llvm::isa<ast::CxxVerbatim>(F.get()))
      continue;
    Word = llvm::isa<ast::SendStmt>(F.get())      ? "send"
           : llvm::isa<ast::DequeueExpr>(F.get()) ? "dequeue"
                                                  : "getPayload";
    Loc = F->getLoc();
    return true;
  }
  return false;
}

/// box()'s parameters take the input's labels by position. A parameter
/// named after another label of the signature (`box(long k, double x)` for
/// `{x, <k>}`) is most likely a swap, which the types do not always catch
/// (two tags, two fields of one type): warned, at the parameter.
static void checkBoxParamNames(const ast::BoxModuleDecl &B,
                               DiagnosticEngine &Diags) {
  std::vector<std::string> Labels;
  for (const ast::TypeEntry &E : B.Sig.Input.Entries)
    Labels.push_back(E.Label.Text);
  for (const auto &F : B.Body) {
    auto *V = llvm::dyn_cast<ast::CxxVerbatim>(F.get());
    if (!V)
      continue;
    // Comments and literals blanked (newlines and offsets kept), so that
    // neither "box(" nor a name is found in them.
    std::string T = V->Text;
    for (size_t P = 0; P < T.size(); ++P) {
      if (T.compare(P, 2, "//") == 0) {
        for (; P < T.size() && T[P] != '\n'; ++P)
          T[P] = ' ';
      } else if (T.compare(P, 2, "/*") == 0) {
        size_t E = T.find("*/", P + 2);
        E = E == std::string::npos ? T.size() : E + 2;
        for (; P < E; ++P)
          if (T[P] != '\n')
            T[P] = ' ';
        --P;
      } else if (T[P] == '"' || T[P] == '\'') {
        const char Q = T[P];
        for (T[P++] = ' '; P < T.size() && T[P] != Q && T[P] != '\n'; ++P) {
          if (T[P] == '\\' && P + 1 < T.size())
            T[P++] = ' ';
          T[P] = ' ';
        }
        if (P < T.size() && T[P] == Q)
          T[P] = ' ';
      }
    }
    // "box" as a word, then "(": the member function's declaration.
    size_t At = std::string::npos;
    for (size_t P = T.find("box"); P != std::string::npos;
         P = T.find("box", P + 3)) {
      bool WordStart =
          P == 0 || !(std::isalnum((unsigned char)T[P - 1]) || T[P - 1] == '_');
      size_t Q = P + 3;
      while (Q < T.size() && std::isspace((unsigned char)T[Q]))
        ++Q;
      if (WordStart && Q < T.size() && T[Q] == '(') {
        At = Q + 1;
        break;
      }
    }
    if (At == std::string::npos)
      continue;
    // Parameters up to the matching ')': the last identifier of each,
    // before any default value.
    size_t Index = 0, Depth = 0, NameAt = std::string::npos, NameLen = 0;
    bool InDefault = false;
    auto Finish = [&] {
      if (NameAt != std::string::npos && Index < Labels.size()) {
        std::string Name = T.substr(NameAt, NameLen);
        for (size_t J = 0; J < Labels.size(); ++J)
          if (J != Index && Labels[J] == Name && Labels[Index] != Name) {
            // The parameter's place: lines and characters from the
            // fragment's start.
            SourceLoc Loc = V->getLoc();
            for (size_t K = 0; K < NameAt; ++K) {
              if (T[K] == '\n')
                ++Loc.Line, Loc.Col = 1;
              else if ((T[K] & 0xC0) != 0x80)
                ++Loc.Col;
            }
            Diags.report(Loc, DiagId::WarnBoxParamName)
                << std::to_string(Index + 1) << Name << Labels[Index]
                << std::to_string(J + 1);
          }
      }
      ++Index;
      NameAt = std::string::npos;
      InDefault = false;
    };
    for (size_t P = At; P < T.size(); ++P) {
      char C = T[P];
      if (C == '(' || C == '<' || C == '[' || C == '{') {
        ++Depth;
      } else if (C == ')' || C == '>' || C == ']' || C == '}') {
        if (Depth == 0) {
          Finish();
          break;
        }
        --Depth;
      } else if (Depth == 0 && C == ',') {
        Finish();
      } else if (Depth == 0 && C == '=') {
        InDefault = true;
      } else if (Depth == 0 && !InDefault &&
                 (std::isalpha((unsigned char)C) || C == '_')) {
        size_t E = P;
        while (E < T.size() &&
               (std::isalnum((unsigned char)T[E]) || T[E] == '_'))
          ++E;
        NameAt = P;
        NameLen = E - P;
        P = E - 1;
      }
    }
    return; // the first box( only
  }
}

void Sema::checkModules() {
  // Declare Module blocks, matched with their definitions.
  std::map<std::string, const ast::DeclareModuleDecl *> Declares;
  for (const ast::TranslationUnit *TU : Units)
    for (const auto &D : TU->Decls)
      if (auto *M = dyn_cast<ast::DeclareModuleDecl>(D.get())) {
        auto [It, Inserted] = Declares.try_emplace(M->Ident.Text, M);
        if (!Inserted) {
          Diags.report(M->Ident.Range.Begin, DiagId::ErrRedefinition)
              << "module declaration" << M->Ident.Text;
          Diags.report(It->second->Ident.Range.Begin,
                       DiagId::NotePreviousDefinition)
              << M->Ident.Text;
          continue;
        }
        auto S = Symbols.find(M->Ident.Text);
        if (S == Symbols.end() || S->second.K != Symbol::Action) {
          Diags.report(M->Ident.Range.Begin, DiagId::ErrDeclareWithoutModule)
              << M->Ident.Text;
          continue;
        }
        S->second.DeclareDecl = M;
      }

  // Modules in definition order, so ids and dumps follow the source.
  for (const ast::TranslationUnit *TU : Units)
    for (const auto &D : TU->Decls) {
      const ast::Name *Ident = nullptr;
      if (auto *A = dyn_cast<ast::ActionModuleDecl>(D.get()))
        Ident = &A->Ident;
      else if (auto *B = dyn_cast<ast::BoxModuleDecl>(D.get()))
        Ident = &B->Ident;
      else
        continue;
      Symbol &S = Symbols[Ident->Text];
      if ((S.ActionDecl != D.get() && S.BoxDecl != D.get()) ||
          S.Module.isValid())
        continue; // a redefinition, already reported
      graph::Module M;
      M.Name = S.Name;
      M.Loc = S.Loc;
      M.K = S.K == Symbol::Box ? graph::Module::Box : graph::Module::Action;
      if (S.DeclareDecl) {
        auto AddQueues = [&](const std::vector<ast::Name> &From,
                             std::vector<std::string> &To) {
          for (const ast::Name &Q : From) {
            if (std::find(To.begin(), To.end(), Q.Text) != To.end()) {
              Diags.report(Q.Range.Begin, DiagId::ErrDuplicateQueue)
                  << Q.Text << S.Name;
              continue;
            }
            To.push_back(Q.Text);
          }
        };
        AddQueues(S.DeclareDecl->InputQueues, M.InputQueues);
        AddQueues(S.DeclareDecl->OutputQueues, M.OutputQueues);
        if (S.DeclareDecl->NodeLocal)
          M.NodeLocal = S.DeclareDecl->NodeLocal->Text;
      }
      if (S.ActionDecl) {
        scanBody(S.ActionDecl->Body, M, Diags, M.SendsDefault,
                 M.DequeuesDefault);
      } else {
        const char *Word = nullptr;
        SourceLoc Loc;
        if (findExtension(S.BoxDecl->Body, Word, Loc))
          Diags.report(Loc, DiagId::ErrExtensionInBox) << Word << S.Name;
        checkBoxParamNames(*S.BoxDecl, Diags);
        // Signatures are checked where record types are converted.
        convertType(S.BoxDecl->Sig.Input);
        for (const ast::RecordType &T : S.BoxDecl->Sig.Outputs)
          convertType(T);
      }
      S.Module = graph::ModuleId(Prog->Modules.size());
      Prog->Modules.push_back(std::move(M));
    }

  // The boundary queues each root module's flows use.
  for (auto &[Name, S] : Symbols) {
    if (S.K != Symbol::Root)
      continue;
    for (const auto &St : S.RootDecl->Body) {
      auto *F = dyn_cast<ast::FlowStmt>(St.get());
      if (!F)
        continue;
      for (const auto &Stage : F->Stages)
        for (const auto &E : Stage)
          if (auto *R = dyn_cast<ast::RefExpr>(E.get())) {
            std::string Q = R->Ref.Queue ? R->Ref.Queue->Text : "";
            if (R->Ref.Head == ast::InstanceRef::Input)
              S.BoundaryInputs.insert(Q);
            else if (R->Ref.Head == ast::InstanceRef::Output)
              S.BoundaryOutputs.insert(Q);
          }
    }
  }
}

void Sema::suggestName(SourceLoc Loc, llvm::StringRef Typed,
                       const std::vector<std::string> &Candidates) {
  // One slip per three letters; a name of one or two letters only by case.
  const unsigned Limit =
      Typed.size() <= 2 ? 0 : std::max<unsigned>(1, unsigned(Typed.size()) / 3);
  unsigned Best = Limit + 1;
  std::string Choice;
  bool Tie = false;
  for (const std::string &C : Candidates) {
    if (C == Typed || C.empty())
      continue;
    unsigned D = llvm::StringRef(C).equals_insensitive(Typed)
                     ? 0
                     : llvm::StringRef(C).edit_distance(Typed, true, Limit + 1);
    if (D < Best) {
      Best = D;
      Choice = C;
      Tie = false;
    } else if (D == Best && C != Choice) {
      Tie = true;
    }
  }
  if (Choice.empty() || Tie)
    return;
  (Diags.report(Loc, DiagId::NoteDidYouMean) << Choice)
      .fixIt(unsigned(Typed.size()), Choice);
}

std::vector<std::string>
Sema::symbolNames(std::initializer_list<Symbol::Kind> Kinds) const {
  std::vector<std::string> Out;
  for (const auto &[Name, S] : Symbols)
    if (std::find(Kinds.begin(), Kinds.end(), S.K) != Kinds.end())
      Out.push_back(Name);
  return Out;
}

bool Sema::checkRequires() {
  unsigned Before = Diags.getNumErrors();
  for (auto &[Name, S] : Symbols) {
    if (S.K != Symbol::Root)
      continue;
    std::set<std::string> Seen;
    for (const ast::Name &Req : S.RootDecl->Requires) {
      if (!Seen.insert(Req.Text).second)
        Diags.report(Req.Range.Begin, DiagId::ErrDuplicateRequired) << Req.Text;
      else if (!lookup(Req.Text)) {
        Diags.report(Req.Range.Begin, DiagId::ErrUnknownRequired) << Req.Text;
        suggestName(
            Req.Range.Begin, Req.Text,
            symbolNames({Symbol::Action, Symbol::Root, Symbol::BuiltinReduce,
                         Symbol::BuiltinBroadcast}));
      }
    }
  }

  // Cycles among root modules: depth-first search, reporting each cycle at
  // the `requires` entry that closes it.
  enum Color { White, Grey, Black };
  std::map<std::string, Color> Colors;
  std::vector<std::string> Path;
  std::function<void(const Symbol &)> Visit = [&](const Symbol &S) {
    Colors[S.Name] = Grey;
    Path.push_back(S.Name);
    for (const ast::Name &Req : S.RootDecl->Requires) {
      const Symbol *T = lookup(Req.Text);
      if (!T || T->K != Symbol::Root)
        continue;
      Color C = Colors[T->Name];
      if (C == Grey) {
        std::string Cycle;
        auto Start = std::find(Path.begin(), Path.end(), T->Name);
        for (auto I = Start; I != Path.end(); ++I)
          Cycle += *I + " -> ";
        Cycle += T->Name;
        Diags.report(Req.Range.Begin, DiagId::ErrRequiresCycle)
            << T->Name << Cycle;
      } else if (C == White) {
        Visit(*T);
      }
    }
    Path.pop_back();
    Colors[S.Name] = Black;
  };
  for (auto &[Name, S] : Symbols)
    if (S.K == Symbol::Root && Colors[Name] == White)
      Visit(S);
  return Diags.getNumErrors() == Before;
}

const Symbol *Sema::chooseRoot() {
  if (!Opts.RootName.empty()) {
    const Symbol *S = lookup(Opts.RootName);
    if (!S || S->K != Symbol::Root) {
      Diags.report({}, DiagId::ErrUnknownRootOption) << Opts.RootName;
      return nullptr;
    }
    return S;
  }
  std::set<std::string> Required;
  for (auto &[Name, S] : Symbols)
    if (S.K == Symbol::Root)
      for (const ast::Name &Req : S.RootDecl->Requires)
        Required.insert(Req.Text);
  std::vector<const Symbol *> Candidates;
  for (auto &[Name, S] : Symbols)
    if (S.K == Symbol::Root && !Required.count(Name))
      Candidates.push_back(&S);
  if (Candidates.size() == 1)
    return Candidates[0];
  if (Candidates.empty()) {
    Diags.report({}, DiagId::ErrNoRoot);
    return nullptr;
  }
  std::string Names;
  for (const Symbol *S : Candidates)
    Names += (Names.empty() ? "" : ", ") + S->Name;
  Diags.report(Candidates[1]->Loc, DiagId::ErrAmbiguousRoot) << Names;
  return nullptr;
}

/// `Text` with comments and string and character literals blanked out, so
/// that only code can make a name visible.
static std::string codeOnly(llvm::StringRef Text) {
  std::string Out(Text.size(), ' ');
  for (size_t I = 0; I < Text.size();) {
    char C = Text[I];
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '/') {
      while (I < Text.size() && Text[I] != '\n')
        ++I;
    } else if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '*') {
      size_t End = Text.find("*/", I + 2);
      I = End == llvm::StringRef::npos ? Text.size() : End + 2;
    } else if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C && Text[I] != '\n'; ++I)
        if (Text[I] == '\\')
          ++I;
      ++I;
    } else {
      Out[I] = C;
      ++I;
    }
  }
  return Out;
}

/// True if `Text` contains `Word` delimited by non-identifier characters.
static bool containsWord(llvm::StringRef Text, llvm::StringRef Word) {
  auto IsIdent = [](char C) {
    return isalnum(static_cast<unsigned char>(C)) || C == '_';
  };
  for (size_t Pos = Text.find(Word); Pos != llvm::StringRef::npos;
       Pos = Text.find(Word, Pos + 1)) {
    bool Before = Pos == 0 || !IsIdent(Text[Pos - 1]);
    size_t End = Pos + Word.size();
    bool After = End == Text.size() || !IsIdent(Text[End]);
    if (Before && After)
      return true;
  }
  return false;
}

static void appendBodyText(const ast::CxxBody &Body, std::string &Out) {
  for (const auto &F : Body)
    if (auto *V = dyn_cast<ast::CxxVerbatim>(F.get()))
      Out += V->Text;
}

bool Sema::isVisibleFunction(llvm::StringRef Name) {
  // The C++ semantics are Clang's business later; here a user operation
  // must at least be spelled somewhere in the program's own C++: a module
  // body, a top-level directive, or a file included with quotes.
  if (!CxxTextsLoaded) {
    CxxTextsLoaded = true;
    for (const ast::TranslationUnit *TU : Units) {
      std::string Dir =
          llvm::sys::path::parent_path(SM.getName(TU->File)).str();
      for (const auto &D : TU->Decls) {
        std::string Text;
        if (auto *A = dyn_cast<ast::ActionModuleDecl>(D.get()))
          appendBodyText(A->Body, Text);
        else if (auto *B = dyn_cast<ast::BoxModuleDecl>(D.get()))
          appendBodyText(B->Body, Text);
        else if (auto *M = dyn_cast<ast::DeclareModuleDecl>(D.get())) {
          if (M->DataSection)
            Text = M->DataSection->Text;
        } else if (auto *Dir2 = dyn_cast<ast::DirectiveDecl>(D.get())) {
          Text = Dir2->Text;
          if (Dir2->IsInclude && !Dir2->Angled) {
            std::vector<std::string> Search{Dir};
            Search.insert(Search.end(), Opts.IncludeDirs.begin(),
                          Opts.IncludeDirs.end());
            for (const std::string &SD : Search) {
              llvm::SmallString<256> P(SD);
              llvm::sys::path::append(P, Dir2->IncludePath);
              auto Buf = llvm::MemoryBuffer::getFile(P, /*IsText=*/true);
              if (Buf && (*Buf)->getBufferSize() < (16u << 20)) {
                Text += "\n" + (*Buf)->getBuffer().str();
                break;
              }
            }
          }
        }
        if (!Text.empty())
          CxxTexts.push_back(codeOnly(Text));
      }
    }
  }
  llvm::StringRef Last = Name.rsplit("::").second;
  if (Last.empty())
    Last = Name;
  for (const std::string &T : CxxTexts)
    if (containsWord(T, Last))
      return true;
  return false;
}

std::unique_ptr<graph::Program>
Sema::run(llvm::ArrayRef<const ast::TranslationUnit *> In) {
  Units.assign(In.begin(), In.end());
  Prog = std::make_unique<graph::Program>();
  unsigned Before = Diags.getNumErrors();

  // The built-in collectives (collectives.def): a collective that takes an
  // operation is declared as a Reduce is, the others as a Broadcast.
  for (unsigned K = 0; K < abi::NumBuiltinCollectives; ++K) {
    Symbol S;
    S.K = abi::CollectiveTable[K].TakesOp ? Symbol::BuiltinReduce
                                          : Symbol::BuiltinBroadcast;
    S.Name = abi::CollectiveTable[K].Name;
    S.Coll = graph::Collective::Kind(K);
    Symbols.emplace(S.Name, S);
  }

  for (const ast::TranslationUnit *TU : Units)
    collect(*TU);
  checkModules();
  bool NetsOk = checkAllNets();
  if (!checkRequires() || !NetsOk || Diags.getNumErrors() != Before)
    return nullptr;
  const Symbol *Root = chooseRoot();
  if (!Root)
    return nullptr;

  Prog->RootName = Root->Name;
  Scope Main;
  Main.RootSym = Root;
  elaborateRoot(Main);
  checkUninstantiatedRoots();
  if (Diags.getNumErrors() != Before)
    return nullptr;
  spliceBoundaries();
  checkCollectiveSources();
  if (Diags.getNumErrors() != Before)
    return nullptr;
  warnConnectivity();
  return std::move(Prog);
}

void Sema::checkUninstantiatedRoots() {
  // A root module the main one never uses would otherwise go unchecked:
  // elaborate one copy of it as a sub-root and throw the result away.
  for (auto &[Name, S] : Symbols) {
    if (S.K != Symbol::Root || ConstsChecked.count(&S))
      continue;
    size_t Insts = Prog->Instances.size(), Edges = Prog->Edges.size(),
           Colls = Prog->Collectives.size(), Nodes = Prog->SNetNodes.size();
    Scope Sub;
    Sub.RootSym = &S;
    Sub.Prefix = Name + ".";
    graph::Instance In, Out;
    In.Name = Name + ".Input";
    Out.Name = Name + ".Output";
    Sub.InBoundary = addInstance(std::move(In));
    Sub.OutBoundary = addInstance(std::move(Out));
    elaborateRoot(Sub);
    Prog->Instances.resize(Insts);
    IsBoundary.resize(Insts);
    Prog->Edges.resize(Edges);
    Prog->Collectives.resize(Colls);
    Prog->SNetNodes.resize(Nodes);
  }
}

std::unique_ptr<graph::Program>
aspen::elaborate(llvm::ArrayRef<const ast::TranslationUnit *> Units,
                 const SourceManager &SM, DiagnosticEngine &Diags,
                 const SemaOptions &Opts) {
  return Sema(SM, Diags, Opts).run(Units);
}
