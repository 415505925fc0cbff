//===- Elaborate.cpp - Root modules to an instance graph ------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Expands the main root module: every declarator becomes instances, every
// flow statement becomes edges and collectives, and every instance of a
// sub-root is elaborated in its own scope with two pass-through boundary
// instances (its Input and Output) that spliceBoundaries() (Splice.cpp)
// later contracts away, so the result only connects real module instances.
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
      // -DNAME=VALUE on aspenc's command line wins over the program's
      // value (in the main root only; sub-roots keep theirs).
      if (S.Prefix.empty() && !S.InBoundary.isValid()) {
        auto It = Opts.ConstOverrides.find(Name);
        if (It != Opts.ConstOverrides.end())
          V = It->second;
      }
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
  // One warning per constant or collective, not one per copy of a sub-root;
  // none after an error, which may have left a use unseen.
  if (ConstsChecked.insert(S.RootSym).second && !Diags.hasErrors()) {
    for (auto &[Name, C] : S.Consts)
      if (!C.Used)
        Diags.report(C.Loc, DiagId::WarnUnusedConst) << Name;
    for (auto &[Name, E] : S.Names)
      if ((E.K == Scope::Entry::Reduce || E.K == Scope::Entry::Broadcast) &&
          !E.Referenced)
        Diags.report(E.Loc, DiagId::WarnNeverConnected) << "'" + Name + "'";
  }
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// The names a flow statement of this root can use.
std::vector<std::string> sema::scopeNames(const Scope &S) {
  std::vector<std::string> Out;
  for (const auto &[Name, E] : S.Names)
    Out.push_back(Name);
  return Out;
}

void Sema::declareInstances(const ast::InstanceDecl &D, Scope &S) {
  if (TooManyInstances)
    return;
  const Symbol *Sym = instanceModule(D, S);
  if (!Sym)
    return;
  for (const ast::Declarator &Decl : D.Declarators) {
    Scope::Entry E;
    std::optional<graph::ArgListId> Args;
    if (!declareEntry(Decl, *Sym, S, E, Args))
      continue;
    if (Sym->K == Symbol::BuiltinReduce || Sym->K == Symbol::BuiltinBroadcast) {
      declareCollective(Decl, std::move(E), S);
      continue;
    }
    if (!expandDeclarator(Decl, E, Args, S))
      return;
    S.Names[Decl.Ident.Text] = std::move(E);
  }
}

const Symbol *Sema::instanceModule(const ast::InstanceDecl &D, Scope &S) {
  const Symbol *Sym = lookup(D.Module.Text);
  if (!Sym) {
    Diags.report(D.Module.Range.Begin, DiagId::ErrUnknownModule)
        << D.Module.Text;
    suggestName(D.Module.Range.Begin, D.Module.Text,
                symbolNames({Symbol::Action, Symbol::Root,
                             Symbol::BuiltinReduce, Symbol::BuiltinBroadcast}));
  } else if (Sym->K == Symbol::Box || Sym->K == Symbol::Net) {
    Diags.report(D.Module.Range.Begin, DiagId::ErrBoxNotInstantiable)
        << D.Module.Text << (Sym->K == Symbol::Box ? "a box module" : "a net");
  } else {
    const auto &Reqs = S.RootSym->RootDecl->Requires;
    if (std::none_of(Reqs.begin(), Reqs.end(), [&](const ast::Name &N) {
          return N.Text == D.Module.Text;
        }))
      Diags.report(D.Module.Range.Begin, DiagId::ErrNotRequired)
          << D.Module.Text << S.RootSym->Name;
    // A root inside itself, directly or through others, would never end.
    // 'requires' cycles are reported where they are declared; this catches
    // an instance whose module was not required (reported just above).
    auto At = Sym->K == Symbol::Root
                  ? std::find(Elaborating.begin(), Elaborating.end(), Sym)
                  : Elaborating.end();
    if (At == Elaborating.end())
      return Sym;
    std::string Chain;
    for (auto I = At; I != Elaborating.end(); ++I)
      Chain += (*I)->Name + " -> ";
    Chain += Sym->Name;
    Diags.report(D.Module.Range.Begin, DiagId::ErrContainsItself)
        << Sym->Name << Chain;
  }
  // Declare the names anyway, so later uses do not add errors of their own.
  for (const ast::Declarator &Decl : D.Declarators)
    if (!S.Names.count(Decl.Ident.Text))
      poison(S, Decl.Ident.Text, Decl.Ident.Range.Begin);
  return nullptr;
}

bool Sema::declareEntry(const ast::Declarator &Decl, const Symbol &Sym,
                        Scope &S, Scope::Entry &E,
                        std::optional<graph::ArgListId> &Args) {
  const std::string &Name = Decl.Ident.Text;
  if (auto It = S.Names.find(Name); It != S.Names.end()) {
    Diags.report(Decl.Ident.Range.Begin, DiagId::ErrNameTaken)
        << Name << S.RootSym->Name;
    Diags.report(It->second.Loc, DiagId::NoteDeclaredHere) << Name;
    return false;
  }
  if (S.Consts.count(Name)) {
    Diags.report(Decl.Ident.Range.Begin, DiagId::ErrNameTaken)
        << Name << S.RootSym->Name;
    return false;
  }
  bool NeedsArgs = Sym.K == Symbol::Action && Sym.DeclareDecl &&
                   std::any_of(Sym.DeclareDecl->Params.begin(),
                               Sym.DeclareDecl->Params.end(),
                               [](const auto &Prm) { return !Prm.HasDefault; });
  if ((Decl.HasArgs || NeedsArgs) && !bindArgs(Decl, Sym, S, Args)) {
    poison(S, Name, Decl.Ident.Range.Begin);
    return false;
  }
  E.Module = &Sym;
  E.Loc = Decl.Ident.Range.Begin;
  if (!Decl.Size)
    return true;
  std::optional<int64_t> N = eval(*Decl.Size, S);
  if (N && (*N < 1 || *N > MaxVectorLength)) {
    Diags.report(Decl.Size->getLoc(), DiagId::ErrBadVectorSize)
        << std::to_string(*N) << std::to_string(MaxVectorLength);
    N.reset();
  }
  if (!N) {
    poison(S, Name, E.Loc);
    return false;
  }
  E.IsVector = true;
  E.Length = static_cast<uint32_t>(*N);
  return true;
}

bool Sema::expandDeclarator(const ast::Declarator &Decl, Scope::Entry &E,
                            std::optional<graph::ArgListId> Args, Scope &S) {
  const Symbol &Sym = *E.Module;
  uint64_t Per = Sym.K == Symbol::Root ? 2 : 1;
  if (Prog->Instances.size() + uint64_t(E.Length) * Per > Opts.MaxInstances) {
    Diags.report(Decl.Ident.Range.Begin, DiagId::ErrTooManyInstances)
        << std::to_string(Opts.MaxInstances);
    TooManyInstances = true;
    return false;
  }
  std::string Base = S.Prefix + Decl.Ident.Text;
  for (uint32_t I = 0; I < E.Length; ++I) {
    std::string Full = E.IsVector ? Base + "[" + std::to_string(I) + "]" : Base;
    if (Sym.K == Symbol::Action) {
      graph::Instance Inst;
      Inst.Name = Full;
      Inst.Module = Sym.Module;
      Inst.Vector = Base;
      Inst.Index = I;
      Inst.VectorLength = E.Length;
      Inst.IsVector = E.IsVector;
      Inst.Loc = E.Loc;
      Inst.Args = Args;
      E.Members.push_back(addInstance(std::move(Inst)));
      continue;
    }
    E.K = Scope::Entry::SubRoot;
    elaborateSubRoot(Sym, Full, E);
    if (TooManyInstances)
      return false;
  }
  return true;
}

void Sema::elaborateSubRoot(const Symbol &Root, const std::string &Full,
                            Scope::Entry &E) {
  graph::Instance In, Out;
  In.Name = Full + ".Input";
  Out.Name = Full + ".Output";
  In.Loc = Out.Loc = E.Loc;
  graph::InstanceId InId = addInstance(std::move(In));
  IsBoundary.back() = true;
  graph::InstanceId OutId = addInstance(std::move(Out));
  IsBoundary.back() = true;
  BoundaryPeer[OutId.Index] = {InId, &Root};
  E.Members.push_back(InId);
  E.OutMembers.push_back(OutId);
  Scope Sub;
  Sub.RootSym = &Root;
  Sub.Prefix = Full + ".";
  Sub.InBoundary = InId;
  Sub.OutBoundary = OutId;
  elaborateRoot(Sub);
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
    // A module's name where one of its instances is meant: say so, and
    // name an instance of it if the root has one.
    if (const Symbol *M = lookup(R.Base.Text);
        M && (M->K == Symbol::Action || M->K == Symbol::Root)) {
      std::string Example;
      for (const auto &[Name, E] : S.Names)
        if (E.K == Scope::Entry::Instances && E.Module == M) {
          Example = Name;
          break;
        }
      if (Example.empty())
        Diags.report(R.Range.Begin, DiagId::NoteModuleNotInstance)
            << R.Base.Text << "declare one first ('" + R.Base.Text + " x;')";
      else
        (Diags.report(R.Range.Begin, DiagId::NoteModuleNotInstance)
         << R.Base.Text << "such as '" + Example + "'")
            .fixIt(unsigned(R.Base.Text.size()), Example);
      return std::nullopt;
    }
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

void Sema::connect(const std::vector<graph::PortRef> &From,
                   const std::vector<graph::PortRef> &To, SourceLoc Loc,
                   bool AllToAll) {
  bool Zip = !AllToAll && From.size() == To.size() && From.size() > 1;
  uint64_t New = Zip ? From.size() : uint64_t(From.size()) * To.size();
  if (Prog->Edges.size() + New > Opts.MaxEdges) {
    Diags.report(Loc, DiagId::ErrTooManyEdges)
        << std::to_string(New) << std::to_string(Opts.MaxEdges);
    return;
  }
  if (Zip) {
    for (size_t I = 0; I < From.size(); ++I)
      Prog->Edges.push_back({From[I], To[I], Loc});
    return;
  }
  // `|||*` is a mesh: no instance feeds itself through it.
  for (const graph::PortRef &F : From)
    for (const graph::PortRef &T : To)
      if (!AllToAll || F.Inst != T.Inst)
        Prog->Edges.push_back({F, T, Loc});
}

// A flow statement is elaborated in three steps: its items are classified
// (creating its collectives and network instances), then the stages are
// resolved to ports, and each pair of neighbouring stages is connected by
// edges or through the collective between them.
void Sema::elaborateFlow(const ast::FlowStmt &F, Scope &S) {
  std::vector<FlowStage> Stages = classifyStages(F, S);
  connectStages(F, Stages, S);
}

std::vector<FlowStage> Sema::classifyStages(const ast::FlowStmt &F, Scope &S) {
  std::vector<FlowStage> Stages(F.Stages.size());
  for (size_t SI = 0; SI < F.Stages.size(); ++SI) {
    for (const auto &EPtr : F.Stages[SI]) {
      FlowItem It;
      It.E = EPtr.get();
      std::optional<CollectiveUse> Use;
      bool Kept = true;
      if (auto *C = dyn_cast<ast::CollectiveExpr>(It.E))
        Kept = (Use = collectiveCall(*C, S)).has_value();
      else if (auto *R = dyn_cast<ast::RefExpr>(It.E))
        Kept = classifyRef(*R, S, It, Use);
      else
        It.K = FlowItem::Network;
      if (Kept && addFlowItem(It, std::move(Use), F.Stages[SI].size() == 1,
                              Stages[SI], S))
        Stages[SI].Items.push_back(It);
    }
  }
  return Stages;
}

bool Sema::addFlowItem(FlowItem &It, std::optional<CollectiveUse> Use,
                       bool Alone, FlowStage &St, Scope &S) {
  if (Use) {
    if (Scope::Entry *Declared = Use->Declared) {
      if (Declared->UsedAt) {
        Diags.report(It.E->getLoc(), DiagId::ErrCollectiveReused)
            << Use->Coll.Name;
        Diags.report(*Declared->UsedAt, DiagId::NotePreviousUse)
            << Use->Coll.Name;
        return false;
      }
      Declared->UsedAt = It.E->getLoc();
    }
    It.K = FlowItem::Collective;
    if (!Alone) {
      Diags.report(It.E->getLoc(), DiagId::ErrCollectiveNotAlone);
      return false;
    }
    St.Collective = static_cast<uint32_t>(Prog->Collectives.size());
    Prog->Collectives.push_back(std::move(Use->Coll));
  } else if (It.K == FlowItem::Network) {
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
  return true;
}

std::optional<std::vector<graph::PortRef>>
Sema::resolveStage(FlowStage &St, Side Which, Scope &S) {
  std::vector<graph::PortRef> Out;
  bool Ok = true;
  for (FlowItem &It : St.Items) {
    if (It.Failed) {
      Ok = false;
      continue;
    }
    if (It.K == FlowItem::Network) {
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
}

void Sema::connectStages(const ast::FlowStmt &F, std::vector<FlowStage> &Stages,
                         Scope &S) {
  size_t N = Stages.size();
  // A collective has its own ways of connecting; a mesh is for instances.
  for (size_t I = 0; I + 1 < N && I < F.AllToAll.size(); ++I)
    if (F.AllToAll[I] && (Stages[I].Collective || Stages[I + 1].Collective)) {
      Diags.report(F.ConnectorLocs[I], DiagId::ErrMeshCollective);
      return;
    }
  for (size_t I = 0; I < N; ++I) {
    if (Stages[I].Collective) {
      attachCollective(Stages, I, S);
      continue;
    }
    bool Mesh = I < F.AllToAll.size() && F.AllToAll[I];
    if (I + 1 < N && !Stages[I + 1].Collective) {
      auto Src = resolveStage(Stages[I], Side::Source, S);
      auto Dst = resolveStage(Stages[I + 1], Side::Target, S);
      if (Src && Dst)
        connect(*Src, *Dst, F.getLoc(), Mesh);
    }
  }
}

//===----------------------------------------------------------------------===//
// Whole-graph checks
//===----------------------------------------------------------------------===//

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
  // After an error the graph is incomplete: what looks unconnected may be
  // what the erroneous statement meant to connect.
  if (Diags.hasErrors())
    return;
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
