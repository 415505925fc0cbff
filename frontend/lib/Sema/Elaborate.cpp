//===- Elaborate.cpp - Root modules to an instance graph ------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Expands the main root module: every declarator becomes instances, every
// flow statement becomes edges and collectives, and every instance of a
// sub-root is elaborated in its own scope with two pass-through boundary
// instances (its Input and Output) that spliceBoundaries() later contracts
// away, so the result only connects real module instances.
//
// Connection rule (docs/language.md): between a source list S and a target
// list T, if |S| == |T| > 1 element i feeds element i; otherwise every
// source feeds every target. An output queue with several targets deals its
// messages round-robin; an input queue with several sources merges them.
//
//===----------------------------------------------------------------------===//

#include "SemaImpl.h"
#include <algorithm>
#include <optional>

using namespace aspen;
using namespace aspen::sema;
using llvm::dyn_cast;

static constexpr int64_t MaxVectorLength = int64_t(1) << 24;

graph::InstanceId Sema::addInstance(graph::Instance I) {
  graph::InstanceId Id(Prog->Instances.size());
  Prog->Instances.push_back(std::move(I));
  IsBoundary.push_back(false);
  return Id;
}

std::string Sema::portName(const graph::PortRef &P) const {
  std::string S = Prog->get(P.Inst).Name;
  if (!P.Queue.empty())
    S += "." + P.Queue;
  return S;
}

static bool isBuiltinOp(llvm::StringRef Op) {
  return Op == "sum" || Op == "multiply" || Op == "min" || Op == "max";
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// How diagnostics name a kind of collective: `broadcast 'b'`.
static const char *collectiveWord(graph::Collective::Kind K) {
  static const char *const Words[] = {"reduce", "broadcast", "gather",
                                      "scatter", "all-to-all"};
  return Words[K];
}

void Sema::poison(Scope &S, const std::string &Name, SourceLoc Loc) {
  Scope::Entry E;
  E.K = Scope::Entry::Invalid;
  E.Loc = Loc;
  S.Names[Name] = std::move(E);
}

void Sema::elaborateRoot(Scope &S) {
  const ast::RootModuleDecl &R = *S.RootSym->RootDecl;
  Elaborating.push_back(S.RootSym);
  struct Pop {
    std::vector<const Symbol *> &V;
    ~Pop() { V.pop_back(); }
  } PopOnReturn{Elaborating};
  std::vector<const ast::PlaceStmt *> Places;
  std::vector<const ast::FlowStmt *> Flows;
  for (const auto &St : R.Body) {
    if (auto *C = dyn_cast<ast::ConstDecl>(St.get())) {
      const std::string &Name = C->Ident.Text;
      if (S.Consts.count(Name) || S.Names.count(Name)) {
        Diags.report(C->Ident.Range.Begin, DiagId::ErrNameTaken)
            << Name << S.RootSym->Name;
        continue;
      }
      std::optional<int64_t> V = eval(*C->Value, S);
      S.Consts[Name] = {V.value_or(0), C->Ident.Range.Begin, /*Used=*/!V,
                        /*Invalid=*/!V};
    } else if (auto *D = dyn_cast<ast::InstanceDecl>(St.get())) {
      declareInstances(*D, S);
    } else if (auto *P = dyn_cast<ast::PlaceStmt>(St.get())) {
      Places.push_back(P);
    } else if (auto *F = dyn_cast<ast::FlowStmt>(St.get())) {
      Flows.push_back(F);
    }
  }
  // Pins may name instances declared after them; flows come after `flow:`.
  for (const ast::PlaceStmt *P : Places)
    place(*P, S);
  for (const ast::FlowStmt *F : Flows)
    elaborateFlow(*F, S);
  // One warning per constant or collective, not one per copy of a sub-root.
  if (ConstsChecked.insert(S.RootSym).second) {
    for (auto &[Name, C] : S.Consts)
      if (!C.Used)
        Diags.report(C.Loc, DiagId::WarnUnusedConst) << Name;
    for (auto &[Name, E] : S.Names)
      if ((E.K == Scope::Entry::Reduce || E.K == Scope::Entry::Broadcast) &&
          !E.Referenced)
        Diags.report(E.Loc, DiagId::WarnNeverConnected) << "'" + Name + "'";
  }
}

/// The names a flow statement of this root can use.
static std::vector<std::string> scopeNames(const Scope &S) {
  std::vector<std::string> Out;
  for (const auto &[Name, E] : S.Names)
    Out.push_back(Name);
  return Out;
}

void Sema::declareInstances(const ast::InstanceDecl &D, Scope &S) {
  if (TooManyInstances)
    return;
  const Symbol *Sym = lookup(D.Module.Text);
  bool Bad = false;
  if (!Sym) {
    Diags.report(D.Module.Range.Begin, DiagId::ErrUnknownModule)
        << D.Module.Text;
    suggestName(D.Module.Range.Begin, D.Module.Text,
                symbolNames({Symbol::Action, Symbol::Root,
                             Symbol::BuiltinReduce, Symbol::BuiltinBroadcast}));
    Bad = true;
  } else if (Sym->K == Symbol::Box || Sym->K == Symbol::Net) {
    Diags.report(D.Module.Range.Begin, DiagId::ErrBoxNotInstantiable)
        << D.Module.Text << (Sym->K == Symbol::Box ? "a box module" : "a net");
    Bad = true;
  }
  if (Bad) {
    // Declare the names anyway, so later uses do not add errors of their own.
    for (const ast::Declarator &Decl : D.Declarators)
      if (!S.Names.count(Decl.Ident.Text))
        poison(S, Decl.Ident.Text, Decl.Ident.Range.Begin);
    return;
  }
  const auto &Reqs = S.RootSym->RootDecl->Requires;
  if (std::none_of(Reqs.begin(), Reqs.end(),
                   [&](const ast::Name &N) { return N.Text == D.Module.Text; }))
    Diags.report(D.Module.Range.Begin, DiagId::ErrNotRequired)
        << D.Module.Text << S.RootSym->Name;
  // A root inside itself, directly or through others, would never end.
  // 'requires' cycles are reported where they are declared; this catches
  // an instance whose module was not required (reported just above).
  if (Sym->K == Symbol::Root) {
    auto At = std::find(Elaborating.begin(), Elaborating.end(), Sym);
    if (At != Elaborating.end()) {
      std::string Chain;
      for (auto I = At; I != Elaborating.end(); ++I)
        Chain += (*I)->Name + " -> ";
      Chain += Sym->Name;
      Diags.report(D.Module.Range.Begin, DiagId::ErrContainsItself)
          << Sym->Name << Chain;
      for (const ast::Declarator &Decl : D.Declarators)
        if (!S.Names.count(Decl.Ident.Text))
          poison(S, Decl.Ident.Text, Decl.Ident.Range.Begin);
      return;
    }
  }

  for (const ast::Declarator &Decl : D.Declarators) {
    const std::string &Name = Decl.Ident.Text;
    if (auto It = S.Names.find(Name); It != S.Names.end()) {
      Diags.report(Decl.Ident.Range.Begin, DiagId::ErrNameTaken)
          << Name << S.RootSym->Name;
      Diags.report(It->second.Loc, DiagId::NoteDeclaredHere) << Name;
      continue;
    }
    if (S.Consts.count(Name)) {
      Diags.report(Decl.Ident.Range.Begin, DiagId::ErrNameTaken)
          << Name << S.RootSym->Name;
      continue;
    }
    std::optional<graph::ArgListId> Args;
    bool NeedsArgs =
        Sym->K == Symbol::Action && Sym->DeclareDecl &&
        std::any_of(Sym->DeclareDecl->Params.begin(),
                    Sym->DeclareDecl->Params.end(),
                    [](const auto &Prm) { return !Prm.HasDefault; });
    if ((Decl.HasArgs || NeedsArgs) && !bindArgs(Decl, *Sym, S, Args)) {
      poison(S, Name, Decl.Ident.Range.Begin);
      continue;
    }
    Scope::Entry E;
    E.Module = Sym;
    E.Loc = Decl.Ident.Range.Begin;
    if (Decl.Size) {
      std::optional<int64_t> N = eval(*Decl.Size, S);
      if (N && (*N < 1 || *N > MaxVectorLength)) {
        Diags.report(Decl.Size->getLoc(), DiagId::ErrBadVectorSize)
            << std::to_string(*N) << std::to_string(MaxVectorLength);
        N.reset();
      }
      if (!N) {
        poison(S, Name, E.Loc);
        continue;
      }
      E.IsVector = true;
      E.Length = static_cast<uint32_t>(*N);
    }

    if (Sym->K == Symbol::BuiltinReduce || Sym->K == Symbol::BuiltinBroadcast) {
      if (E.IsVector) {
        Diags.report(Decl.Ident.Range.Begin, DiagId::ErrCollectiveVector)
            << Name;
        poison(S, Name, E.Loc);
        continue;
      }
      E.K = Sym->K == Symbol::BuiltinReduce ? Scope::Entry::Reduce
                                            : Scope::Entry::Broadcast;
      E.Coll = Sym->Coll;
      S.Names[Name] = std::move(E);
      continue;
    }

    uint64_t Per = Sym->K == Symbol::Root ? 2 : 1;
    if (Prog->Instances.size() + uint64_t(E.Length) * Per > Opts.MaxInstances) {
      Diags.report(Decl.Ident.Range.Begin, DiagId::ErrTooManyInstances)
          << std::to_string(Opts.MaxInstances);
      TooManyInstances = true;
      return;
    }
    std::string Base = S.Prefix + Name;
    for (uint32_t I = 0; I < E.Length; ++I) {
      std::string Full =
          E.IsVector ? Base + "[" + std::to_string(I) + "]" : Base;
      if (Sym->K == Symbol::Action) {
        graph::Instance Inst;
        Inst.Name = Full;
        Inst.Module = Sym->Module;
        Inst.Vector = Base;
        Inst.Index = I;
        Inst.VectorLength = E.Length;
        Inst.IsVector = E.IsVector;
        Inst.Loc = E.Loc;
        Inst.Args = Args;
        E.Members.push_back(addInstance(std::move(Inst)));
        continue;
      }
      // A sub-root: its boundaries, then its own flows in a fresh scope.
      E.K = Scope::Entry::SubRoot;
      graph::Instance In, Out;
      In.Name = Full + ".Input";
      Out.Name = Full + ".Output";
      In.Loc = Out.Loc = E.Loc;
      graph::InstanceId InId = addInstance(std::move(In));
      IsBoundary.back() = true;
      graph::InstanceId OutId = addInstance(std::move(Out));
      IsBoundary.back() = true;
      BoundaryPeer[OutId.Index] = {InId, Sym};
      E.Members.push_back(InId);
      E.OutMembers.push_back(OutId);
      Scope Sub;
      Sub.RootSym = Sym;
      Sub.Prefix = Full + ".";
      Sub.InBoundary = InId;
      Sub.OutBoundary = OutId;
      elaborateRoot(Sub);
      if (TooManyInstances)
        return;
    }
    S.Names[Name] = std::move(E);
  }
}

// `FileSource src("in.txt", 4096);`: the arguments set the parameters the
// module's declaration lists, in order. Their C++ types are checked by Clang
// when the program is built, at the argument's position in the .asp file.
bool Sema::bindArgs(const ast::Declarator &Decl, const Symbol &Sym, Scope &S,
                    std::optional<graph::ArgListId> &Out) {
  if (Sym.K != Symbol::Action) {
    const char *What = Sym.K == Symbol::Root ? "a root module" : "a collective";
    Diags.report(Decl.Ident.Range.Begin, DiagId::ErrArgsNotAction)
        << Sym.Name << What;
    return false;
  }
  static const std::vector<ast::DeclareModuleDecl::Param> None;
  const auto &Params = Sym.DeclareDecl ? Sym.DeclareDecl->Params : None;
  if (Decl.Args.size() > Params.size()) {
    Diags.report(Decl.Args[Params.size()].Range.Begin, DiagId::ErrTooManyArgs)
        << Sym.Name << std::to_string(Params.size())
        << (Params.size() == 1 ? "" : "s") << std::to_string(Decl.Args.size());
    return false;
  }
  bool Ok = true;
  for (size_t I = Decl.Args.size(); I < Params.size(); ++I)
    if (!Params[I].HasDefault) {
      Diags.report(Decl.Ident.Range.Begin, DiagId::ErrMissingArg)
          << Params[I].Ident.Text << Sym.Name;
      Diags.report(Params[I].Ident.Range.Begin, DiagId::NoteDeclaredHere)
          << Params[I].Ident.Text;
      Ok = false;
    }
  graph::ArgList L;
  L.Loc = Decl.Ident.Range.Begin;
  L.Module = Sym.Module;
  for (size_t I = 0; I < Decl.Args.size(); ++I) {
    const ast::InstanceArg &A = Decl.Args[I];
    graph::ArgList::Arg V;
    V.Param = Params[I].Ident.Text;
    V.Loc = A.Range.Begin;
    if (A.Int) {
      std::optional<int64_t> N = eval(*A.Int, S);
      if (!N) {
        Ok = false;
        continue;
      }
      // The smallest int64 has no literal of its own in C++.
      V.Cxx =
          *N == INT64_MIN ? "(-9223372036854775807LL - 1)" : std::to_string(*N);
    } else {
      V.Cxx = A.String;
      V.IsString = true;
    }
    L.Values.push_back(std::move(V));
  }
  if (!Ok)
    return false;
  Out = graph::ArgListId(Prog->ArgLists.size());
  Prog->ArgLists.push_back(std::move(L));
  return true;
}

void Sema::place(const ast::PlaceStmt &P, Scope &S) {
  graph::Placement Pin;
  Pin.K = P.Target == ast::PlaceStmt::NodeIndex ? graph::Placement::NodeIndex
                                                : graph::Placement::NodeName;
  Pin.Node = P.Node.Text;
  Pin.Index = P.NodeNumber;
  Pin.Loc = P.Node.Range.Begin;
  auto Describe = [](const graph::Placement &Pl) {
    return Pl.K == graph::Placement::NodeIndex ? "#" + std::to_string(Pl.Index)
                                               : "'" + Pl.Node + "'";
  };
  for (const ast::InstanceRef &R : P.Refs) {
    auto It = S.Names.find(R.Base.Text);
    if (R.Head != ast::InstanceRef::Named || It == S.Names.end()) {
      Diags.report(R.Range.Begin, DiagId::ErrUnknownName)
          << R.Base.Text << S.RootSym->Name;
      suggestName(R.Range.Begin, R.Base.Text, scopeNames(S));
      continue;
    }
    Scope::Entry &E = It->second;
    if (E.K == Scope::Entry::Invalid)
      continue;
    if (E.K != Scope::Entry::Instances) {
      Diags.report(R.Range.Begin, DiagId::ErrPinNotInstance)
          << R.Base.Text
          << (E.K == Scope::Entry::SubRoot ? "a root module instance"
                                           : "a collective");
      continue;
    }
    if (R.Queue) {
      Diags.report(R.Queue->Range.Begin, DiagId::ErrPinQueue)
          << R.Base.Text << R.Queue->Text;
      continue;
    }
    auto Range = resolveRange(R, E, S);
    if (!Range)
      continue;
    auto Same = [](const graph::Placement &A, const graph::Placement &B) {
      return A.Node == B.Node && A.Index == B.Index;
    };
    for (int64_t I = Range->first; I <= Range->second; ++I) {
      graph::Instance &Inst = Prog->Instances[E.Members[I].Index];
      // A pin by index and one by name may name one node: placement,
      // which has the hostfile, compares those.
      std::optional<graph::Placement> &Slot =
          !Inst.Pin || Inst.Pin->K == Pin.K ? Inst.Pin : Inst.OtherPin;
      if (Slot && !Same(*Slot, Pin)) {
        Diags.report(R.Range.Begin, DiagId::ErrPinConflict)
            << Inst.Name << Describe(*Slot) << Describe(Pin);
        break;
      }
      Slot = Pin;
    }
  }
}

//===----------------------------------------------------------------------===//
// References
//===----------------------------------------------------------------------===//

std::optional<std::pair<int64_t, int64_t>>
Sema::resolveRange(const ast::InstanceRef &R, const Scope::Entry &E, Scope &S) {
  if (!R.Lo)
    return std::make_pair(int64_t(0), int64_t(E.Length) - 1);
  if (!E.IsVector) {
    Diags.report(R.Lo->getLoc(), DiagId::ErrNotVector) << R.Base.Text;
    return std::nullopt;
  }
  auto Check = [&](const ast::IntExpr &X) -> std::optional<int64_t> {
    std::optional<int64_t> V = eval(X, S);
    if (V && (*V < 0 || *V >= E.Length)) {
      Diags.report(X.getLoc(), DiagId::ErrIndexOutOfBounds)
          << std::to_string(*V) << R.Base.Text << E.Length << E.Length - 1;
      return std::nullopt;
    }
    return V;
  };
  std::optional<int64_t> Lo = Check(*R.Lo);
  std::optional<int64_t> Hi = R.Hi ? Check(*R.Hi) : Lo;
  if (!Lo || !Hi)
    return std::nullopt;
  if (*Lo > *Hi) {
    Diags.report(R.Range.Begin, DiagId::ErrSliceReversed)
        << std::to_string(*Lo) << std::to_string(*Hi) << R.Base.Text;
    return std::nullopt;
  }
  return std::make_pair(*Lo, *Hi);
}

std::optional<std::vector<graph::PortRef>>
Sema::resolveRef(const ast::InstanceRef &R, Side Which, Scope &S) {
  std::string Q = R.Queue ? R.Queue->Text : graph::DefaultQueue;
  if (R.Head != ast::InstanceRef::Named) {
    bool IsInput = R.Head == ast::InstanceRef::Input;
    if (!S.InBoundary.isValid()) {
      Diags.report(R.Range.Begin, DiagId::ErrBoundaryInMain)
          << R.Base.Text << S.RootSym->Name;
      return std::nullopt;
    }
    if (IsInput && Which == Side::Target) {
      Diags.report(R.Range.Begin, DiagId::ErrInputAsTarget);
      return std::nullopt;
    }
    if (!IsInput && Which == Side::Source) {
      Diags.report(R.Range.Begin, DiagId::ErrOutputAsSource);
      return std::nullopt;
    }
    if (R.Lo) {
      Diags.report(R.Lo->getLoc(), DiagId::ErrNotVector) << R.Base.Text;
      return std::nullopt;
    }
    return std::vector<graph::PortRef>{
        {IsInput ? S.InBoundary : S.OutBoundary, Q}};
  }

  auto It = S.Names.find(R.Base.Text);
  if (It == S.Names.end()) {
    // A net or box with an index or a queue (`A.q`, `A[0]`): it is not an
    // instance, so it has neither.
    if (R.Head == ast::InstanceRef::Named && (R.Lo || R.Queue) &&
        isNetName(R.Base.Text)) {
      Diags.report(R.Range.Begin, DiagId::ErrNetRefSuffix)
          << R.Base.Text
          << (lookup(R.Base.Text)->K == Symbol::Net ? "net" : "box");
      return std::nullopt;
    }
    Diags.report(R.Range.Begin, DiagId::ErrUnknownName)
        << R.Base.Text << S.RootSym->Name;
    std::vector<std::string> Names = scopeNames(S);
    for (const std::string &N : symbolNames({Symbol::Net, Symbol::Box}))
      Names.push_back(N);
    suggestName(R.Range.Begin, R.Base.Text, Names);
    return std::nullopt;
  }
  Scope::Entry &E = It->second;
  if (E.K == Scope::Entry::Invalid)
    return std::nullopt; // its declaration was already diagnosed
  auto Range = resolveRange(R, E, S);
  if (!Range)
    return std::nullopt;

  std::vector<graph::PortRef> Ports;
  if (E.K == Scope::Entry::Instances) {
    const graph::Module &M = Prog->get(E.Module->Module);
    if (!Q.empty()) {
      const auto &Declared =
          Which == Side::Source ? M.OutputQueues : M.InputQueues;
      if (std::find(Declared.begin(), Declared.end(), Q) == Declared.end()) {
        Diags.report(R.Queue->Range.Begin, Which == Side::Source
                                               ? DiagId::ErrUnknownOutputQueue
                                               : DiagId::ErrUnknownInputQueue)
            << M.Name << Q;
        suggestName(R.Queue->Range.Begin, Q, Declared);
        // The queues are listed in the Declare Module block, if any.
        const ast::DeclareModuleDecl *Decl = E.Module->DeclareDecl;
        Diags.report(Decl ? Decl->Ident.Range.Begin : M.Loc,
                     DiagId::NoteDeclaredHere)
            << M.Name;
        return std::nullopt;
      }
    }
    for (int64_t I = Range->first; I <= Range->second; ++I)
      Ports.push_back({E.Members[I], Q});
    return Ports;
  }
  // A sub-root: its boundary queues are the ones its flows use.
  const auto &Used = Which == Side::Source ? E.Module->BoundaryOutputs
                                           : E.Module->BoundaryInputs;
  if (!Used.count(Q)) {
    const char *Head = Which == Side::Source ? "Output" : "Input";
    Diags.report(R.Range.Begin, DiagId::ErrUnknownBoundaryQueue)
        << E.Module->Name << (Which == Side::Source ? "output" : "input")
        << (Q.empty() ? std::string("(the default one)") : "'" + Q + "'")
        << (Q.empty() ? std::string(Head) : std::string(Head) + "." + Q);
    return std::nullopt;
  }
  const auto &Bounds = Which == Side::Source ? E.OutMembers : E.Members;
  for (int64_t I = Range->first; I <= Range->second; ++I)
    Ports.push_back({Bounds[I], Q});
  return Ports;
}

//===----------------------------------------------------------------------===//
// Flow statements
//===----------------------------------------------------------------------===//

namespace {
struct Item {
  const ast::NetExpr *E = nullptr;
  enum Kind { Ref, Collective, Network } K = Ref;
  graph::InstanceId Net;
  bool Failed = false;
};
struct StageInfo {
  std::vector<Item> Items;
  std::optional<uint32_t> Collective; // index into Program::Collectives
};
} // namespace

void Sema::connect(const std::vector<graph::PortRef> &From,
                   const std::vector<graph::PortRef> &To, SourceLoc Loc) {
  bool Zip = From.size() == To.size() && From.size() > 1;
  uint64_t New = Zip ? From.size() : uint64_t(From.size()) * To.size();
  if (Prog->Edges.size() + New > Opts.MaxEdges) {
    Diags.report(Loc, DiagId::ErrTooManyEdges)
        << std::to_string(New) << std::to_string(Opts.MaxEdges);
    return;
  }
  if (From.size() == To.size() && From.size() > 1) {
    for (size_t I = 0; I < From.size(); ++I)
      Prog->Edges.push_back({From[I], To[I], Loc});
    return;
  }
  for (const graph::PortRef &F : From)
    for (const graph::PortRef &T : To)
      Prog->Edges.push_back({F, T, Loc});
}

void Sema::elaborateFlow(const ast::FlowStmt &F, Scope &S) {
  std::vector<StageInfo> Stages(F.Stages.size());

  // Classify every item; create collectives and S-Net network instances.
  for (size_t SI = 0; SI < F.Stages.size(); ++SI) {
    for (const auto &EPtr : F.Stages[SI]) {
      Item It;
      It.E = EPtr.get();
      std::optional<graph::Collective> Coll;
      Scope::Entry *Used = nullptr;

      if (auto *C = dyn_cast<ast::CollectiveExpr>(It.E)) {
        const std::string &Callee = C->Callee.Text;
        auto NameIt = S.Names.find(Callee);
        graph::Collective G;
        G.Loc = C->getLoc();
        if (NameIt != S.Names.end()) {
          Scope::Entry &E = NameIt->second;
          E.Referenced = true;
          if (E.K == Scope::Entry::Invalid)
            continue;
          if (E.K != Scope::Entry::Reduce && E.K != Scope::Entry::Broadcast) {
            Diags.report(C->Callee.Range.Begin, DiagId::ErrNotCollective)
                << Callee;
            continue;
          }
          G.K =
              E.K == Scope::Entry::Reduce ? graph::Collective::Reduce : E.Coll;
          G.Name = S.Prefix + Callee;
          Used = &E;
        } else if (auto K = graph::builtinCollective(Callee)) {
          G.K = *K;
          G.Name = Callee + "#" + std::to_string(++InlineCollectives);
        } else {
          const Symbol *Sym = lookup(Callee);
          if (Sym && Sym->K != Symbol::Net && Sym->K != Symbol::Box)
            Diags.report(C->Callee.Range.Begin, DiagId::ErrNotCollective)
                << Callee;
          else {
            Diags.report(C->Callee.Range.Begin, DiagId::ErrUnknownName)
                << Callee << S.RootSym->Name;
            std::vector<std::string> Names = scopeNames(S);
            Names.push_back("Reduce");
            Names.push_back("Broadcast");
            suggestName(C->Callee.Range.Begin, Callee, Names);
          }
          continue;
        }
        if (G.K == graph::Collective::Reduce) {
          if (!C->Op) {
            Diags.report(C->getLoc(), DiagId::ErrReduceNeedsOp) << Callee;
            continue;
          }
          G.Op = C->Op->Text;
          G.UserOp = !isBuiltinOp(G.Op);
          if (G.UserOp && !isVisibleFunction(G.Op)) {
            Diags.report(C->Op->Range.Begin, DiagId::ErrUnknownReduceOp)
                << G.Op;
            suggestName(C->Op->Range.Begin, G.Op,
                        {"sum", "multiply", "min", "max"});
            continue;
          }
        } else if (C->Op) {
          Diags.report(C->Op->Range.Begin, DiagId::ErrBroadcastTakesNoOp)
              << Callee << collectiveWord(G.K);
          continue;
        }
        Coll = std::move(G);
      } else if (auto *R = dyn_cast<ast::RefExpr>(It.E)) {
        const ast::InstanceRef &Ref = R->Ref;
        auto NameIt = Ref.Head == ast::InstanceRef::Named
                          ? S.Names.find(Ref.Base.Text)
                          : S.Names.end();
        if (NameIt != S.Names.end() &&
            (NameIt->second.K == Scope::Entry::Reduce ||
             NameIt->second.K == Scope::Entry::Broadcast)) {
          Scope::Entry &E = NameIt->second;
          E.Referenced = true;
          if (E.K == Scope::Entry::Reduce) {
            Diags.report(Ref.Range.Begin, DiagId::ErrReduceNeedsOp)
                << Ref.Base.Text;
            continue;
          }
          if (Ref.Lo) {
            Diags.report(Ref.Lo->getLoc(), DiagId::ErrCollectiveIndexed)
                << Ref.Base.Text;
            continue;
          }
          if (Ref.Queue) {
            Diags.report(Ref.Queue->Range.Begin, DiagId::ErrCollectiveQueue);
            continue;
          }
          graph::Collective G;
          G.K = E.Coll;
          G.Name = S.Prefix + Ref.Base.Text;
          G.Loc = R->getLoc();
          Used = &E;
          Coll = std::move(G);
        } else if (NameIt == S.Names.end() &&
                   Ref.Head == ast::InstanceRef::Named && !Ref.Lo &&
                   !Ref.Queue &&
                   ((graph::builtinCollective(Ref.Base.Text) &&
                     Ref.Base.Text != "Reduce") ||
                    isNetName(Ref.Base.Text))) {
          if (auto K = graph::builtinCollective(Ref.Base.Text)) {
            graph::Collective G;
            G.K = *K;
            G.Name = Ref.Base.Text + "#" + std::to_string(++InlineCollectives);
            G.Loc = R->getLoc();
            Coll = std::move(G);
          } else {
            It.K = Item::Network;
          }
        }
      } else {
        It.K = Item::Network;
      }

      if (Coll) {
        if (Used) {
          if (Used->UsedAt) {
            Diags.report(It.E->getLoc(), DiagId::ErrCollectiveReused)
                << Coll->Name;
            Diags.report(*Used->UsedAt, DiagId::NotePreviousUse) << Coll->Name;
            continue;
          }
          Used->UsedAt = It.E->getLoc();
        }
        It.K = Item::Collective;
        if (F.Stages[SI].size() > 1) {
          Diags.report(It.E->getLoc(), DiagId::ErrCollectiveNotAlone);
          continue;
        }
        Stages[SI].Collective = static_cast<uint32_t>(Prog->Collectives.size());
        Prog->Collectives.push_back(std::move(*Coll));
      } else if (It.K == Item::Network) {
        std::optional<graph::SNetNodeId> Root = buildNetwork(*It.E, S);
        if (!Root) {
          It.Failed = true;
        } else {
          graph::Instance Inst;
          Inst.K = graph::Instance::SNet;
          Inst.Net = *Root;
          Inst.Name = S.Prefix + "net#" + std::to_string(++Networks);
          Inst.Vector = Inst.Name;
          Inst.Loc = It.E->getLoc();
          It.Net = addInstance(std::move(Inst));
        }
      }
      Stages[SI].Items.push_back(It);
    }
  }

  // Resolve one stage as sources or targets; nullopt if any item failed.
  auto Resolve = [&](StageInfo &St,
                     Side Which) -> std::optional<std::vector<graph::PortRef>> {
    std::vector<graph::PortRef> Out;
    bool Ok = true;
    for (Item &It : St.Items) {
      if (It.Failed) {
        Ok = false;
        continue;
      }
      if (It.K == Item::Network) {
        Out.push_back({It.Net, graph::DefaultQueue});
        continue;
      }
      auto Ports = resolveRef(llvm::cast<ast::RefExpr>(It.E)->Ref, Which, S);
      if (!Ports) {
        It.Failed = true; // report each bad reference once
        Ok = false;
        continue;
      }
      Out.insert(Out.end(), Ports->begin(), Ports->end());
    }
    if (!Ok)
      return std::nullopt;
    return Out;
  };

  size_t N = Stages.size();
  for (size_t I = 0; I < N; ++I) {
    if (Stages[I].Collective) {
      graph::Collective &C = Prog->Collectives[*Stages[I].Collective];
      const char *Word = collectiveWord(C.K);
      if (I == 0) {
        Diags.report(C.Loc, DiagId::ErrCollectiveNoParticipants)
            << Word << C.Name;
      } else if (Stages[I - 1].Collective) {
        Diags.report(C.Loc, DiagId::ErrCollectiveAdjacent)
            << Prog->Collectives[*Stages[I - 1].Collective].Name << C.Name;
      } else if (auto Src = Resolve(Stages[I - 1], Side::Source)) {
        C.Sources = std::move(*Src);
      }
      if (I + 1 < N) {
        if (!Stages[I + 1].Collective)
          if (auto Dst = Resolve(Stages[I + 1], Side::Target))
            C.Receivers = std::move(*Dst);
      } else if (C.K == graph::Collective::Reduce ||
                 C.K == graph::Collective::Gather ||
                 C.K == graph::Collective::AllToAll) {
        // All-reduce (all-gather, all-to-all): every participant gets the
        // result on its default input queue.
        C.AllReduce = true;
        std::set<uint32_t> Seen;
        for (const graph::PortRef &P : C.Sources) {
          // A sub-root participates through its Output; it receives through
          // its Input.
          graph::InstanceId To = P.Inst;
          if (IsBoundary[P.Inst.Index]) {
            auto Peer = BoundaryPeer.find(P.Inst.Index);
            if (Peer == BoundaryPeer.end()) {
              // The participant is this sub-root's own Input: the result
              // would have to go back out through it.
              Diags.report(C.Loc, DiagId::ErrInputAsTarget);
              break;
            }
            const auto &[In, Root] = Peer->second;
            if (!Root->BoundaryInputs.count("")) {
              Diags.report(C.Loc, DiagId::ErrUnknownBoundaryQueue)
                  << Root->Name << "input"
                  << "(the default one)"
                  << "Input";
              break;
            }
            To = In;
          }
          if (Seen.insert(To.Index).second)
            C.Receivers.push_back({To, graph::DefaultQueue});
        }
      } else {
        Diags.report(C.Loc, DiagId::ErrBroadcastNoReceivers)
            << C.Name << collectiveWord(C.K);
      }
      if (C.K == graph::Collective::AllToAll && !C.Receivers.empty() &&
          !C.Sources.empty() && C.Receivers.size() != C.Sources.size())
        Diags.report(C.Loc, DiagId::ErrAllToAllCounts)
            << C.Name << std::to_string(C.Sources.size())
            << std::to_string(C.Receivers.size());
      continue;
    }
    if (I + 1 < N && !Stages[I + 1].Collective) {
      auto Src = Resolve(Stages[I], Side::Source);
      auto Dst = Resolve(Stages[I + 1], Side::Target);
      if (Src && Dst)
        connect(*Src, *Dst, F.getLoc());
    }
  }
}

//===----------------------------------------------------------------------===//
// Splicing sub-roots
//===----------------------------------------------------------------------===//

void Sema::spliceBoundaries() {
  auto &Insts = Prog->Instances;
  auto &Edges = Prog->Edges;
  std::vector<bool> Dead(Edges.size(), false);
  std::vector<std::vector<uint32_t>> InEdges(Insts.size()),
      OutEdges(Insts.size());
  std::vector<std::vector<uint32_t>> CollRefs(Insts.size());
  auto AddEdge = [&](graph::Edge E) {
    uint32_t Id = static_cast<uint32_t>(Edges.size());
    OutEdges[E.From.Inst.Index].push_back(Id);
    InEdges[E.To.Inst.Index].push_back(Id);
    Edges.push_back(std::move(E));
    Dead.push_back(false);
  };
  for (uint32_t I = 0; I < Edges.size(); ++I) {
    OutEdges[Edges[I].From.Inst.Index].push_back(I);
    InEdges[Edges[I].To.Inst.Index].push_back(I);
  }
  for (uint32_t C = 0; C < Prog->Collectives.size(); ++C) {
    for (const auto &P : Prog->Collectives[C].Sources)
      CollRefs[P.Inst.Index].push_back(C);
    for (const auto &P : Prog->Collectives[C].Receivers)
      CollRefs[P.Inst.Index].push_back(C);
  }

  // Replaces every occurrence of port `B` in `List` by `With`, in order.
  // Sources are a set (a queue contributes once); receivers are not: a
  // receiver reached through two pass-through paths gets two copies.
  auto Substitute = [](std::vector<graph::PortRef> &List,
                       const graph::PortRef &B,
                       const std::vector<graph::PortRef> &With, bool Unique) {
    std::vector<graph::PortRef> Out;
    std::set<std::pair<uint32_t, std::string>> Seen;
    for (const graph::PortRef &P : List) {
      const std::vector<graph::PortRef> One{P};
      for (const graph::PortRef &Q : P == B ? With : One)
        if (!Unique || Seen.insert({Q.Inst.Index, Q.Queue}).second)
          Out.push_back(Q);
    }
    List = std::move(Out);
  };

  for (uint32_t B = 0; B < Insts.size(); ++B) {
    if (!IsBoundary[B])
      continue;
    // Every queue of the boundary is contracted on its own.
    std::set<std::string> Queues;
    for (uint32_t E : InEdges[B])
      if (!Dead[E])
        Queues.insert(Edges[E].To.Queue);
    for (uint32_t E : OutEdges[B])
      if (!Dead[E])
        Queues.insert(Edges[E].From.Queue);
    for (uint32_t C : CollRefs[B]) {
      for (const auto &P : Prog->Collectives[C].Sources)
        if (P.Inst.Index == B)
          Queues.insert(P.Queue);
      for (const auto &P : Prog->Collectives[C].Receivers)
        if (P.Inst.Index == B)
          Queues.insert(P.Queue);
    }
    for (const std::string &Q : Queues) {
      graph::PortRef Port{graph::InstanceId(B), Q};
      std::vector<uint32_t> Ins, Outs;
      for (uint32_t E : InEdges[B])
        if (!Dead[E] && Edges[E].To.Queue == Q)
          Ins.push_back(E);
      for (uint32_t E : OutEdges[B])
        if (!Dead[E] && Edges[E].From.Queue == Q)
          Outs.push_back(E);
      std::vector<graph::PortRef> Upstream, Downstream;
      for (uint32_t E : Ins)
        Upstream.push_back(Edges[E].From);
      for (uint32_t E : Outs)
        Downstream.push_back(Edges[E].To);
      for (uint32_t I : Ins)
        for (uint32_t O : Outs)
          AddEdge({Edges[I].From, Edges[O].To, Edges[I].Loc});
      for (uint32_t E : Ins)
        Dead[E] = true;
      for (uint32_t E : Outs)
        Dead[E] = true;
      // A collective that delivers into this queue and one that takes
      // from it would be joined directly once the boundary is gone, which
      // a flow statement may not do either.
      std::optional<uint32_t> Feeding, Fed;
      for (uint32_t C : CollRefs[B]) {
        const graph::Collective &Coll = Prog->Collectives[C];
        if (!Feeding && llvm::is_contained(Coll.Receivers, Port))
          Feeding = C;
        if (!Fed && llvm::is_contained(Coll.Sources, Port))
          Fed = C;
      }
      if (Feeding && Fed && *Feeding != *Fed)
        Diags.report(Prog->Collectives[*Fed].Loc,
                     DiagId::ErrCollectiveAdjacent)
            << Prog->Collectives[*Feeding].Name
            << Prog->Collectives[*Fed].Name;
      for (uint32_t C : CollRefs[B]) {
        graph::Collective &Coll = Prog->Collectives[C];
        Substitute(Coll.Sources, Port, Upstream, /*Unique=*/true);
        Substitute(Coll.Receivers, Port, Downstream, /*Unique=*/false);
        for (const auto &P : Upstream)
          CollRefs[P.Inst.Index].push_back(C);
        for (const auto &P : Downstream)
          CollRefs[P.Inst.Index].push_back(C);
      }
    }
  }

  // Drop the boundaries and renumber what is left.
  std::vector<uint32_t> NewIndex(Insts.size(), UINT32_MAX);
  std::vector<graph::Instance> Kept;
  for (uint32_t I = 0; I < Insts.size(); ++I)
    if (!IsBoundary[I]) {
      NewIndex[I] = static_cast<uint32_t>(Kept.size());
      Kept.push_back(std::move(Insts[I]));
    }
  Insts = std::move(Kept);
  IsBoundary.assign(Insts.size(), false);
  auto Remap = [&](graph::PortRef &P) {
    P.Inst = graph::InstanceId(NewIndex[P.Inst.Index]);
  };
  std::vector<graph::Edge> Live;
  for (uint32_t E = 0; E < Edges.size(); ++E)
    if (!Dead[E]) {
      Remap(Edges[E].From);
      Remap(Edges[E].To);
      Live.push_back(std::move(Edges[E]));
    }
  Edges = std::move(Live);
  for (graph::Collective &C : Prog->Collectives) {
    for (graph::PortRef &P : C.Sources)
      Remap(P);
    for (graph::PortRef &P : C.Receivers)
      Remap(P);
  }
}

//===----------------------------------------------------------------------===//
// Whole-graph checks
//===----------------------------------------------------------------------===//

void Sema::checkCollectiveSources() {
  std::map<std::pair<uint32_t, std::string>, uint32_t> FedCollective;
  for (uint32_t C = 0; C < Prog->Collectives.size(); ++C) {
    const graph::Collective &Coll = Prog->Collectives[C];
    for (const graph::PortRef &P : Coll.Sources) {
      auto [It, Inserted] =
          FedCollective.try_emplace({P.Inst.Index, P.Queue}, C);
      if (!Inserted)
        Diags.report(Coll.Loc, DiagId::ErrPortFeedsTwice)
            << "'" + portName(P) + "'"
            << "'" + Prog->Collectives[It->second].Name + "'"
            << "'" + Coll.Name + "'";
    }
  }
  for (const graph::Edge &E : Prog->Edges) {
    auto It = FedCollective.find({E.From.Inst.Index, E.From.Queue});
    if (It != FedCollective.end())
      Diags.report(E.Loc, DiagId::ErrPortFeedsTwice)
          << "'" + portName(E.From) + "'"
          << "'" + Prog->Collectives[It->second].Name + "'"
          << "'" + portName(E.To) + "'";
  }
}

/// `p[0:3]`, `p[1], p[3]`, `x`: the instances of one vector, compactly.
static std::string describeInstances(const graph::Program &P,
                                     const std::vector<uint32_t> &Ids) {
  const graph::Instance &First = P.Instances[Ids.front()];
  if (!First.IsVector)
    return "'" + First.Name + "'";
  std::string S;
  unsigned Runs = 0;
  for (size_t I = 0; I < Ids.size();) {
    size_t J = I;
    while (J + 1 < Ids.size() &&
           P.Instances[Ids[J + 1]].Index == P.Instances[Ids[J]].Index + 1)
      ++J;
    if (++Runs > 4) {
      S += ", ...";
      break;
    }
    if (!S.empty())
      S += ", ";
    uint32_t Lo = P.Instances[Ids[I]].Index, Hi = P.Instances[Ids[J]].Index;
    S += First.Vector + "[" + std::to_string(Lo);
    if (Hi != Lo)
      S += ":" + std::to_string(Hi);
    S += "]";
    I = J + 1;
  }
  return "'" + S + "'";
}

void Sema::warnConnectivity() {
  // The same connection twice gets two turns of its source's round-robin,
  // which is rarely what was meant: say so once per flow statement.
  {
    std::set<std::tuple<uint32_t, std::string, uint32_t, std::string>> Seen;
    std::set<std::tuple<uint32_t, uint32_t, uint32_t>> Reported;
    for (const graph::Edge &E : Prog->Edges)
      if (!Seen.insert({E.From.Inst.Index, E.From.Queue, E.To.Inst.Index,
                        E.To.Queue})
               .second &&
          Reported.insert({E.Loc.File.Index, E.Loc.Line, E.Loc.Col}).second)
        Diags.report(E.Loc, DiagId::WarnDuplicateEdge)
            << portName(E.From) << portName(E.To);
  }

  std::set<std::pair<uint32_t, std::string>> Fed, Used;
  std::vector<bool> Touched(Prog->Instances.size(), false);
  for (const graph::Edge &E : Prog->Edges) {
    Used.insert({E.From.Inst.Index, E.From.Queue});
    Fed.insert({E.To.Inst.Index, E.To.Queue});
    Touched[E.From.Inst.Index] = Touched[E.To.Inst.Index] = true;
  }
  for (const graph::Collective &C : Prog->Collectives) {
    for (const graph::PortRef &P : C.Sources) {
      Used.insert({P.Inst.Index, P.Queue});
      Touched[P.Inst.Index] = true;
    }
    for (const graph::PortRef &P : C.Receivers) {
      Fed.insert({P.Inst.Index, P.Queue});
      Touched[P.Inst.Index] = true;
    }
  }

  // Group findings by declarator so a vector of a thousand instances gets
  // one warning, in source order.
  using Key = std::tuple<std::string, DiagId, std::string>;
  std::map<Key, std::vector<uint32_t>> Groups;
  std::vector<Key> Order;
  auto Add = [&](uint32_t I, DiagId Id, std::string What) {
    const graph::Instance &Inst = Prog->Instances[I];
    Key K{Inst.K == graph::Instance::SNet ? Inst.Name : Inst.Vector, Id,
          std::move(What)};
    auto [It, Inserted] = Groups.try_emplace(K);
    if (Inserted)
      Order.push_back(K);
    It->second.push_back(I);
  };
  for (uint32_t I = 0; I < Prog->Instances.size(); ++I) {
    const graph::Instance &Inst = Prog->Instances[I];
    if (Inst.K == graph::Instance::SNet) {
      // A network takes records on its default input and sends what leaves
      // it on its default output; one without either is as suspect as a
      // module's queue that nothing feeds.
      if (!Fed.count({I, ""}))
        Add(I, DiagId::WarnInputNotFed, "the default input queue");
      if (!Used.count({I, ""}))
        Add(I, DiagId::WarnOutputUnconnected, "the default output queue");
      continue;
    }
    if (Inst.K != graph::Instance::Action)
      continue;
    if (!Touched[I]) {
      Add(I, DiagId::WarnNeverConnected, "");
      continue;
    }
    const graph::Module &M = Prog->get(Inst.Module);
    if (M.DequeuesDefault && !Fed.count({I, ""}))
      Add(I, DiagId::WarnInputNotFed, "the default input queue");
    for (const std::string &Q : M.InputQueues)
      if (!Fed.count({I, Q}))
        Add(I, DiagId::WarnInputNotFed, "input queue '" + Q + "'");
    if (M.SendsDefault && !Used.count({I, ""}))
      Add(I, DiagId::WarnOutputUnconnected, "the default output queue");
    for (const std::string &Q : M.OutputQueues)
      if (!Used.count({I, Q}))
        Add(I, DiagId::WarnOutputUnconnected, "output queue '" + Q + "'");
  }
  for (const Key &K : Order) {
    const std::vector<uint32_t> &Ids = Groups[K];
    DiagId Id = std::get<1>(K);
    SourceLoc Loc = Prog->Instances[Ids.front()].Loc;
    std::string Who = describeInstances(*Prog, Ids);
    if (Id == DiagId::WarnNeverConnected)
      Diags.report(Loc, Id) << Who;
    else
      Diags.report(Loc, Id) << std::get<2>(K) << Who;
  }
}
