//===- ASTDumper.cpp - Stable text form of the AST ------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/AST/ASTDumper.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>

using namespace aspen;
using namespace aspen::ast;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

llvm::StringRef aspen::ast::getKindName(NodeKind K) {
  switch (K) {
#define NODE(Class)                                                            \
  case NodeKind::Class:                                                        \
    return #Class;
#include "aspen/AST/ASTNodes.def"
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Inline spellings
//===----------------------------------------------------------------------===//

std::string aspen::ast::toString(const IntExpr &E) {
  if (auto *L = dyn_cast<IntLiteral>(&E))
    return std::to_string(L->Value);
  if (auto *N = dyn_cast<IntName>(&E))
    return N->Ident;
  if (auto *N = dyn_cast<IntNeg>(&E)) {
    std::string Operand = toString(*N->Operand); // `-(-n)`, not `--n`
    if (Operand[0] == '-')
      Operand = "(" + Operand + ")";
    return "-" + Operand;
  }
  auto &B = cast<IntBinary>(E);
  return "(" + toString(*B.LHS) + " " + B.Op + " " + toString(*B.RHS) + ")";
}

std::string aspen::ast::toString(const TagExpr &E) {
  if (auto *L = dyn_cast<TagLiteral>(&E))
    return std::to_string(L->Value);
  if (auto *N = dyn_cast<TagName>(&E))
    return N->Ident;
  if (auto *U = dyn_cast<TagUnary>(&E)) {
    // `-(-n)`, not `--n`; `-(-5)`, not `--5`.
    std::string Operand = toString(*U->Operand);
    if (U->Op == "-" && Operand[0] == '-')
      Operand = "(" + Operand + ")";
    return U->Op + Operand;
  }
  if (auto *C = dyn_cast<TagCall>(&E)) {
    std::string S = C->Callee.Text + "(";
    for (size_t I = 0; I < C->Args.size(); ++I)
      S += (I ? ", " : "") + toString(*C->Args[I]);
    return S + ")";
  }
  if (auto *B = dyn_cast<TagBinary>(&E))
    return "(" + toString(*B->LHS) + " " + B->Op + " " + toString(*B->RHS) +
           ")";
  auto &C = cast<TagCond>(E);
  return "(" + toString(*C.Cond) + " ? " + toString(*C.Then) + " : " +
         toString(*C.Else) + ")";
}

std::string aspen::ast::toString(const RecordType &T) {
  std::string S = "{";
  for (size_t I = 0; I < T.Entries.size(); ++I) {
    if (I)
      S += ", ";
    const TypeEntry &E = T.Entries[I];
    S += E.IsTag ? "<" + E.Label.Text + ">" : E.Label.Text;
  }
  return S + "}";
}

std::string aspen::ast::toString(const RecordPattern &P) {
  std::string S = toString(P.Type);
  if (P.Guard)
    S += " if " + toString(*P.Guard);
  return S;
}

/// `{a}, {b} if (k > 0)`: the exit patterns of a star or feedback.
static std::string toString(const std::vector<RecordPattern> &Ps) {
  std::string S;
  for (const RecordPattern &P : Ps)
    S += (S.empty() ? "" : ", ") + aspen::ast::toString(P);
  return S;
}

std::string aspen::ast::toString(const Signature &Sig) {
  std::string S = Sig.IsInitialiser ? "->" : toString(Sig.Input) + " ->";
  for (size_t I = 0; I < Sig.Outputs.size(); ++I)
    S += (I ? " | " : " ") + toString(Sig.Outputs[I]);
  return S;
}

std::string aspen::ast::toString(const TypeMap &M) {
  std::string S;
  for (size_t I = 0; I < M.Inputs.size(); ++I)
    S += (I ? " | " : "") + toString(M.Inputs[I]);
  S += " ->";
  for (size_t I = 0; I < M.Outputs.size(); ++I)
    S += (I ? " | " : " ") + toString(M.Outputs[I]);
  return S;
}

std::string aspen::ast::toString(const NetSignature &Sig) {
  std::string S;
  for (size_t I = 0; I < Sig.Maps.size(); ++I)
    S += (I ? ", " : "") + toString(Sig.Maps[I]);
  return S;
}

std::string aspen::ast::toString(const InstanceRef &R) {
  std::string S = R.Base.Text;
  if (R.Lo) {
    S += "[" + toString(*R.Lo);
    if (R.Hi)
      S += ":" + toString(*R.Hi);
    S += "]";
  }
  if (R.Queue)
    S += "." + R.Queue->Text;
  return S;
}

static std::string toString(const FilterOutput &O) {
  std::string S = "{";
  for (size_t I = 0; I < O.Entries.size(); ++I) {
    const OutputEntry &E = O.Entries[I];
    if (I)
      S += ", ";
    if (E.IsTag) {
      S += "<" + E.Label.Text;
      if (E.Value)
        S += "=" + toString(*E.Value);
      S += ">";
    } else {
      S += E.Label.Text;
      if (E.Source)
        S += "=" + E.Source->Text;
    }
  }
  return S + "}";
}

/// Escapes a C++ fragment onto one line.
static std::string escape(llvm::StringRef Text);
static std::string quote(llvm::StringRef Text) {
  return "\"" + escape(Text) + "\"";
}
static std::string escape(llvm::StringRef Text) {
  std::string S;
  for (char C : Text) {
    switch (C) {
    case '\n':
      S += "\\n";
      break;
    case '\t':
      S += "\\t";
      break;
    case '\r':
      S += "\\r";
      break;
    case '"':
      S += "\\\"";
      break;
    case '\\':
      S += "\\\\";
      break;
    default:
      // Other control characters would break the one-node-per-line form.
      if (static_cast<unsigned char>(C) < 0x20 || C == 0x7f) {
        char Buf[8];
        snprintf(Buf, sizeof(Buf), "\\x%02x", static_cast<unsigned char>(C));
        S += Buf;
      } else {
        S += C;
      }
    }
  }
  return S;
}

//===----------------------------------------------------------------------===//
// Tree printer
//===----------------------------------------------------------------------===//

namespace {
class Dumper {
public:
  explicit Dumper(llvm::raw_ostream &OS) : OS(OS) {}

  void dumpDecl(const Decl &D);

private:
  llvm::raw_ostream &line(unsigned Extra = 0) {
    OS.indent((Depth + Extra) * 2);
    return OS;
  }
  void loc(const SourceRange &R) {
    OS << " <" << R.Begin.Line << ':' << R.Begin.Col << '-' << R.End.Line << ':'
       << R.End.Col << ">\n";
  }
  struct Nest {
    Dumper &D;
    explicit Nest(Dumper &D) : D(D) { ++D.Depth; }
    ~Nest() { --D.Depth; }
  };

  void dumpStmt(const Stmt &S);
  void dumpNet(const NetExpr &E);
  void dumpBody(const CxxBody &Body);

  llvm::raw_ostream &OS;
  unsigned Depth = 1;
};
} // namespace

void Dumper::dumpDecl(const Decl &D) {
  if (auto *Dir = dyn_cast<DirectiveDecl>(&D)) {
    line() << "DirectiveDecl ";
    if (Dir->IsInclude)
      OS << "include " << (Dir->Angled ? "<" : "\"") << escape(Dir->IncludePath)
         << (Dir->Angled ? ">" : "\"");
    else
      OS << quote(Dir->Text);
    loc(D.Range);
    return;
  }
  if (auto *R = dyn_cast<RootModuleDecl>(&D)) {
    line() << "RootModuleDecl " << R->Ident.Text;
    loc(D.Range);
    Nest N(*this);
    for (const Name &Req : R->Requires) {
      line() << "Requires " << Req.Text;
      loc(Req.Range);
    }
    line() << "Initialize";
    loc(R->InitializeRange);
    Nest N2(*this);
    for (const auto &S : R->Body)
      dumpStmt(*S);
    return;
  }
  if (auto *M = dyn_cast<DeclareModuleDecl>(&D)) {
    line() << "DeclareModuleDecl " << M->Ident.Text;
    loc(D.Range);
    Nest N(*this);
    if (M->DataSection) {
      line() << "DataSection " << quote(M->DataSection->Text);
      loc(M->DataSection->Range);
    }
    for (const auto &Prm : M->Params) {
      line() << "Param " << Prm.Ident.Text
             << (Prm.HasDefault ? " (has default)" : "");
      loc(Prm.Ident.Range);
    }
    for (const Name &Q : M->InputQueues) {
      line() << "InputQueue " << Q.Text;
      loc(Q.Range);
    }
    for (const Name &Q : M->OutputQueues) {
      line() << "OutputQueue " << Q.Text;
      loc(Q.Range);
    }
    if (M->NodeLocal) {
      line() << "NodeLocal " << quote(M->NodeLocal->Text);
      loc(M->NodeLocal->Range);
    }
    return;
  }
  if (auto *A = dyn_cast<ActionModuleDecl>(&D)) {
    line() << "ActionModuleDecl " << A->Ident.Text;
    loc(D.Range);
    Nest N(*this);
    dumpBody(A->Body);
    return;
  }
  if (auto *B = dyn_cast<BoxModuleDecl>(&D)) {
    line() << "BoxModuleDecl " << B->Ident.Text << " (" << toString(B->Sig)
           << ")";
    loc(D.Range);
    Nest N(*this);
    dumpBody(B->Body);
    return;
  }
  auto &Net = cast<NetDecl>(D);
  line() << "NetDecl " << Net.Ident.Text;
  if (Net.Sig)
    OS << " (" << toString(*Net.Sig) << ")";
  loc(D.Range);
  Nest N(*this);
  for (const auto &Inner : Net.Nested)
    dumpDecl(*Inner);
  dumpNet(*Net.Body);
}

void Dumper::dumpStmt(const Stmt &S) {
  if (auto *I = dyn_cast<InstanceDecl>(&S)) {
    line() << "InstanceDecl " << I->Module.Text;
    loc(S.Range);
    Nest N(*this);
    for (const Declarator &D : I->Declarators) {
      line() << "Declarator " << D.Ident.Text;
      if (D.Size)
        OS << '[' << toString(*D.Size) << ']';
      if (D.HasArgs) {
        OS << '(';
        for (size_t I = 0; I < D.Args.size(); ++I)
          OS << (I ? ", " : "")
             << (D.Args[I].Int ? toString(*D.Args[I].Int) : D.Args[I].String);
        OS << ')';
      }
      loc(D.Range);
    }
    return;
  }
  if (auto *C = dyn_cast<ConstDecl>(&S)) {
    line() << "ConstDecl " << C->Ident.Text << " = " << toString(*C->Value);
    loc(S.Range);
    return;
  }
  if (auto *P = dyn_cast<PlaceStmt>(&S)) {
    line() << "PlaceStmt on ";
    if (P->Target == PlaceStmt::NodeIndex)
      OS << "node #" << P->NodeNumber;
    else
      OS << "node '" << P->Node.Text << "'";
    loc(S.Range);
    Nest N(*this);
    for (const InstanceRef &R : P->Refs) {
      line() << "Ref " << toString(R);
      loc(R.Range);
    }
    return;
  }
  if (isa<FlowLabel>(&S)) {
    line() << "FlowLabel";
    loc(S.Range);
    return;
  }
  auto &F = cast<FlowStmt>(S);
  line() << "FlowStmt";
  loc(S.Range);
  Nest N(*this);
  for (size_t K = 0; K < F.Stages.size(); ++K) {
    const FlowStmt::Stage &Stage = F.Stages[K];
    if (K && K - 1 < F.AllToAll.size() && F.AllToAll[K - 1])
      line() << "AllToAll\n";
    line() << "Stage\n";
    Nest N2(*this);
    for (const auto &E : Stage)
      dumpNet(*E);
  }
}

void Dumper::dumpNet(const NetExpr &E) {
  if (auto *R = dyn_cast<RefExpr>(&E)) {
    line() << "Ref " << toString(R->Ref);
    loc(E.Range);
    return;
  }
  if (auto *C = dyn_cast<CollectiveExpr>(&E)) {
    line() << "Collective " << C->Callee.Text << '(';
    if (C->Op)
      OS << C->Op->Text;
    OS << ')';
    loc(E.Range);
    return;
  }
  if (auto *S = dyn_cast<SerialExpr>(&E)) {
    line() << "Serial";
    loc(E.Range);
    Nest N(*this);
    for (const auto &Part : S->Stages)
      dumpNet(*Part);
    return;
  }
  if (auto *P = dyn_cast<ParallelExpr>(&E)) {
    line() << (P->Deterministic ? "Parallel deterministic" : "Parallel");
    loc(E.Range);
    Nest N(*this);
    for (const auto &Part : P->Branches)
      dumpNet(*Part);
    return;
  }
  if (auto *S = dyn_cast<StarExpr>(&E)) {
    line() << (S->Deterministic ? "Star deterministic exit " : "Star exit ")
           << toString(S->Exits);
    loc(E.Range);
    Nest N(*this);
    dumpNet(*S->Operand);
    return;
  }
  if (auto *S = dyn_cast<SplitExpr>(&E)) {
    line() << (S->Deterministic ? "Split deterministic <" : "Split <")
           << S->Tag.Text << '>';
    loc(E.Range);
    Nest N(*this);
    dumpNet(*S->Operand);
    return;
  }
  if (auto *F = dyn_cast<FeedbackExpr>(&E)) {
    line() << "Feedback back " << toString(F->Backs);
    loc(E.Range);
    Nest N(*this);
    dumpNet(*F->Operand);
    return;
  }
  if (auto *F = dyn_cast<FilterExpr>(&E)) {
    line() << "Filter [";
    if (F->Pattern) {
      OS << toString(*F->Pattern) << " ->";
      for (const FilterBranch &B : F->Branches) {
        if (&B != &F->Branches.front())
          OS << " else";
        if (B.Cond)
          OS << " if " << toString(*B.Cond) << " then";
        for (size_t I = 0; I < B.Outputs.size(); ++I)
          OS << (I ? "; " : " ") << toString(B.Outputs[I]);
      }
    }
    OS << ']';
    loc(E.Range);
    return;
  }
  auto &S = cast<SyncExpr>(E);
  line() << "Sync [|";
  for (size_t I = 0; I < S.Patterns.size(); ++I)
    OS << (I ? ", " : " ") << toString(S.Patterns[I]);
  OS << " |]";
  loc(E.Range);
}

void Dumper::dumpBody(const CxxBody &Body) {
  for (const auto &F : Body) {
    if (auto *V = dyn_cast<CxxVerbatim>(F.get())) {
      line() << "Cxx " << quote(V->Text);
      loc(V->Range);
    } else if (auto *S = dyn_cast<SendStmt>(F.get())) {
      line() << "Send";
      if (S->Queue)
        OS << " on " << S->Queue->Text;
      loc(S->Range);
      Nest N(*this);
      dumpBody(S->Operand);
    } else if (auto *D = dyn_cast<DequeueExpr>(F.get())) {
      line() << "Dequeue";
      const char *Sep = D->List == DequeueExpr::Joined ? " & " : " | ";
      for (size_t K = 0; K < D->Queues.size(); ++K)
        OS << (K ? Sep : " ")
           << (D->Queues[K].Text.empty() ? "default" : D->Queues[K].Text);
      loc(D->Range);
      Nest N(*this);
      for (auto *O : {&D->Within, &D->Count, &D->From}) {
        if (!*O)
          continue;
        line() << "Option " << (*O)->Key.Text << (((*O)->Any) ? " any" : "");
        loc((*O)->Key.Range);
        Nest N2(*this);
        dumpBody((*O)->Value);
      }
    } else {
      auto *G = cast<GetPayloadExpr>(F.get());
      line() << "GetPayload";
      if (G->TypeArg)
        OS << " <" << escape(*G->TypeArg) << '>';
      loc(G->Range);
      Nest N(*this);
      dumpBody(G->Operand);
    }
  }
}

void aspen::ast::dump(const TranslationUnit &TU, const SourceManager &SM,
                      llvm::raw_ostream &OS) {
  OS << "TranslationUnit " << SM.getName(TU.File) << '\n';
  Dumper D(OS);
  for (const auto &Decl : TU.Decls)
    D.dumpDecl(*Decl);
}
