//===- SNet.cpp - S-Net property graphs and record type inference ---------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A network expression becomes a tree of SNetNodes (named nets are expanded
// in place, so each use has its own state at run time). Type inference then
// follows every input variant the network accepts through the tree:
//
//   match      a pattern P matches a record type R when labels(P) ⊆ labels(R)
//   routing    `A | B` sends R to the branch whose best matching input type
//              has the most labels; equal best scores in two branches are
//              an ambiguity error
//   inheritance a box or filter consuming P from R emits its outputs plus
//              the labels of R that P does not mention
//   star/feedback iterate to a fixed point over the finite set of types
//
//===----------------------------------------------------------------------===//

#include "SemaImpl.h"
#include "aspen/AST/ASTDumper.h"
#include <algorithm>
#include <unordered_map>

using namespace aspen;
using namespace aspen::sema;
using graph::RecordType;
using graph::SNetNode;
using graph::SNetNodeId;
using llvm::dyn_cast;

/// Most distinct record types a star or feedback loop may produce before it
/// is reported as diverging.
static constexpr size_t MaxLoopTypes = 64;

bool graph::RecordType::isSubsetOf(const RecordType &R) const {
  return std::includes(R.Fields.begin(), R.Fields.end(), Fields.begin(),
                       Fields.end()) &&
         std::includes(R.Tags.begin(), R.Tags.end(), Tags.begin(), Tags.end());
}

std::string graph::RecordType::str() const {
  std::string S = "{";
  for (const std::string &F : Fields)
    S += (S.size() > 1 ? ", " : "") + F;
  for (const std::string &T : Tags)
    S += (S.size() > 1 ? ", <" : "<") + T + ">";
  return S + "}";
}

std::string graph::Pattern::str() const {
  return Guard.empty() ? Type.str() : Type.str() + " if " + Guard;
}

std::string aspen::sema::typeStr(const RecordType &T) { return T.str(); }

static void normalize(RecordType &T) {
  std::sort(T.Fields.begin(), T.Fields.end());
  T.Fields.erase(std::unique(T.Fields.begin(), T.Fields.end()), T.Fields.end());
  std::sort(T.Tags.begin(), T.Tags.end());
  T.Tags.erase(std::unique(T.Tags.begin(), T.Tags.end()), T.Tags.end());
}

/// `Out` plus every label of `In` that `Consumed` does not mention.
static RecordType inherit(const RecordType &Out, const RecordType &In,
                          const RecordType &Consumed) {
  RecordType R = Out;
  for (const std::string &F : In.Fields)
    if (!std::binary_search(Consumed.Fields.begin(), Consumed.Fields.end(), F))
      R.Fields.push_back(F);
  for (const std::string &T : In.Tags)
    if (!std::binary_search(Consumed.Tags.begin(), Consumed.Tags.end(), T))
      R.Tags.push_back(T);
  normalize(R);
  return R;
}

/// The labels of P that T lacks.
static RecordType missingFrom(const RecordType &P, const RecordType &T) {
  RecordType M;
  std::set_difference(P.Fields.begin(), P.Fields.end(), T.Fields.begin(),
                      T.Fields.end(), std::back_inserter(M.Fields));
  std::set_difference(P.Tags.begin(), P.Tags.end(), T.Tags.begin(),
                      T.Tags.end(), std::back_inserter(M.Tags));
  return M;
}

static void addUnique(std::vector<RecordType> &V, const RecordType &T) {
  if (std::find(V.begin(), V.end(), T) == V.end())
    V.push_back(T);
}

//===----------------------------------------------------------------------===//
// Building
//===----------------------------------------------------------------------===//

std::optional<RecordType> Sema::convertType(const ast::RecordType &T) {
  RecordType R;
  bool Ok = true;
  for (const ast::TypeEntry &E : T.Entries) {
    auto &List = E.IsTag ? R.Tags : R.Fields;
    if (std::find(List.begin(), List.end(), E.Label.Text) != List.end()) {
      Diags.report(E.Label.Range.Begin, DiagId::ErrDuplicateLabel)
          << (E.IsTag ? "<" + E.Label.Text + ">" : E.Label.Text);
      Ok = false;
      continue;
    }
    List.push_back(E.Label.Text);
  }
  if (!Ok)
    return std::nullopt;
  normalize(R);
  return R;
}

/// Tag names a tag expression reads.
/// The C++ of a tag expression: tags are the locals `aspen_tag_<name>`
/// that generated code defines (so a tag may be called `In` or `errno`),
/// and arithmetic goes through snet.h's checked helpers, so division by
/// zero and overflow are errors naming the expression, not a signal or a
/// wrong value. Comparisons, `!`, `&&`, `||` and `?:` are C++'s own (the
/// last three short-circuit, so `d != 0 && n / d > 1` is safe).
std::string aspen::sema::tagExprCxx(const ast::TagExpr &E) {
  if (auto *L = dyn_cast<ast::TagLiteral>(&E))
    return "(" + std::to_string(L->Value) + "L)";
  if (auto *N = dyn_cast<ast::TagName>(&E))
    return "aspen_tag_" + N->Ident;
  if (auto *U = dyn_cast<ast::TagUnary>(&E))
    return U->Op == "-"
               ? "::aspen::snet::tagNeg(" + tagExprCxx(*U->Operand) + ")"
               : "(!" + tagExprCxx(*U->Operand) + ")";
  if (auto *B = dyn_cast<ast::TagBinary>(&E)) {
    static const std::pair<const char *, const char *> Checked[] = {
        {"+", "tagAdd"},
        {"-", "tagSub"},
        {"*", "tagMul"},
        {"/", "tagDiv"},
        {"%", "tagMod"}};
    for (const auto &[Op, Fn] : Checked)
      if (B->Op == Op)
        return std::string("::aspen::snet::") + Fn + "(" + tagExprCxx(*B->LHS) +
               ", " + tagExprCxx(*B->RHS) + ")";
    return "(" + tagExprCxx(*B->LHS) + " " + B->Op + " " + tagExprCxx(*B->RHS) +
           ")";
  }
  if (auto *C = dyn_cast<ast::TagCall>(&E)) {
    // aspen_tagfn_* are defined once in the generated file (ModuleEmitter).
    std::string S = "aspen_tagfn_" + C->Callee.Text + "(";
    for (size_t I = 0; I < C->Args.size(); ++I)
      S += (I ? ", " : "") + tagExprCxx(*C->Args[I]);
    return S + ")";
  }
  auto &C = llvm::cast<ast::TagCond>(E);
  return "(" + tagExprCxx(*C.Cond) + " ? long(" + tagExprCxx(*C.Then) +
         ") : long(" + tagExprCxx(*C.Else) + "))";
}

/// S-Net's tag functions, with the number of arguments each takes.
static std::optional<unsigned> tagFunctionArity(llvm::StringRef Name) {
  if (Name == "abs")
    return 1;
  if (Name == "min" || Name == "max")
    return 2;
  return std::nullopt;
}

/// The tags a tag expression reads, and the calls in it.
static void tagNames(const ast::TagExpr &E,
                     std::vector<const ast::TagName *> &Out,
                     std::vector<const ast::TagCall *> *Calls = nullptr) {
  if (auto *N = dyn_cast<ast::TagName>(&E))
    Out.push_back(N);
  else if (auto *C = dyn_cast<ast::TagCall>(&E)) {
    if (Calls)
      Calls->push_back(C);
    for (const auto &A : C->Args)
      tagNames(*A, Out, Calls);
  } else if (auto *U = dyn_cast<ast::TagUnary>(&E))
    tagNames(*U->Operand, Out, Calls);
  else if (auto *B = dyn_cast<ast::TagBinary>(&E)) {
    tagNames(*B->LHS, Out, Calls);
    tagNames(*B->RHS, Out, Calls);
  } else if (auto *C = dyn_cast<ast::TagCond>(&E)) {
    tagNames(*C->Cond, Out, Calls);
    tagNames(*C->Then, Out, Calls);
    tagNames(*C->Else, Out, Calls);
  }
}

/// Whether the tag expression E reads only tags of `Bound` and calls only
/// tag functions, with their number of arguments; reports the first
/// problem, an unbound tag as `Unbound` (with the tag's name in brackets
/// for a filter's messages).
bool Sema::checkTagExpr(const ast::TagExpr &E, const RecordType &Bound,
                        DiagId Unbound) {
  std::vector<const ast::TagName *> Names;
  std::vector<const ast::TagCall *> Calls;
  tagNames(E, Names, &Calls);
  for (const ast::TagCall *C : Calls) {
    std::optional<unsigned> Arity = tagFunctionArity(C->Callee.Text);
    if (!Arity) {
      Diags.report(C->getLoc(), DiagId::ErrTagFunction) << C->Callee.Text;
      return false;
    }
    if (*Arity != C->Args.size()) {
      Diags.report(C->getLoc(), DiagId::ErrTagFunctionArity)
          << C->Callee.Text << *Arity << (*Arity == 1 ? "" : "s")
          << unsigned(C->Args.size());
      return false;
    }
  }
  for (const ast::TagName *N : Names)
    if (!std::binary_search(Bound.Tags.begin(), Bound.Tags.end(), N->Ident)) {
      Diags.report(N->getLoc(), Unbound)
          << (Unbound == DiagId::ErrFilterUnbound ? "<" + N->Ident + ">"
                                                  : N->Ident);
      return false;
    }
  return true;
}

std::optional<graph::Pattern>
Sema::convertPattern(const ast::RecordPattern &P) {
  std::optional<RecordType> T = convertType(P.Type);
  if (!T)
    return std::nullopt;
  graph::Pattern Out;
  Out.Type = *T;
  if (P.Guard) {
    if (!checkTagExpr(*P.Guard, *T, DiagId::ErrGuardUnbound))
      return std::nullopt;
    Out.Guard = ast::toString(*P.Guard);
    Out.GuardCxx = tagExprCxx(*P.Guard);
    Out.GuardLoc = P.Guard->getLoc();
  }
  return Out;
}

/// One output record of a filter: what each of its labels is set from. A
/// field must be bound by the pattern; a tag is kept, or computed from the
/// pattern's tags.
std::optional<std::vector<graph::FilterAssign>>
Sema::buildFilterOutput(const ast::FilterOutput &O, const RecordType &PT) {
  std::vector<graph::FilterAssign> Assigns;
  RecordType OutType; // for duplicate detection only
  for (const ast::OutputEntry &Entry : O.Entries) {
    graph::FilterAssign A;
    A.IsTag = Entry.IsTag;
    A.Label = Entry.Label.Text;
    auto &Seen = Entry.IsTag ? OutType.Tags : OutType.Fields;
    if (std::find(Seen.begin(), Seen.end(), A.Label) != Seen.end()) {
      Diags.report(Entry.Label.Range.Begin, DiagId::ErrDuplicateLabel)
          << (Entry.IsTag ? "<" + A.Label + ">" : A.Label);
      return std::nullopt;
    }
    Seen.push_back(A.Label);
    if (!Entry.IsTag) {
      // `a` keeps field a, `b = a` copies/renames a: a must be bound.
      const ast::Name &From = Entry.Source ? *Entry.Source : Entry.Label;
      if (!std::binary_search(PT.Fields.begin(), PT.Fields.end(), From.Text)) {
        Diags.report(From.Range.Begin, DiagId::ErrFilterUnbound) << From.Text;
        return std::nullopt;
      }
      A.Source = From.Text;
    } else if (Entry.Value) {
      if (!checkTagExpr(*Entry.Value, PT, DiagId::ErrFilterUnbound))
        return std::nullopt;
      A.Source = ast::toString(*Entry.Value);
      A.Cxx = tagExprCxx(*Entry.Value);
      A.Loc = Entry.Value->getLoc();
    } else if (!std::binary_search(PT.Tags.begin(), PT.Tags.end(), A.Label)) {
      // S-Net: a tag the pattern does not bind is a new tag, 0. Likely a
      // slip all the same, unless written `<t = 0>`.
      Diags.report(Entry.Label.Range.Begin, DiagId::WarnFilterTagZero)
          << A.Label;
      A.Source = "0";
      A.Cxx = "0L";
      A.Loc = Entry.Label.Range.Begin;
    } else {
      A.Source = A.Label;
      A.Cxx = "aspen_tag_" + A.Label;
      A.Loc = Entry.Label.Range.Begin;
    }
    Assigns.push_back(std::move(A));
  }
  return Assigns;
}

/// A filter's pattern and branches into Node; `[]` is the identity.
bool Sema::buildFilter(const ast::FilterExpr &F, SNetNode &Node) {
  Node.K = SNetNode::Filter;
  if (!F.Pattern) {
    Node.Identity = true;
    return true;
  }
  std::optional<graph::Pattern> In = convertPattern(*F.Pattern);
  if (!In)
    return false;
  for (const ast::FilterBranch &B : F.Branches) {
    graph::FilterBranch Branch;
    if (B.Cond) {
      if (!checkTagExpr(*B.Cond, In->Type, DiagId::ErrFilterCondUnbound))
        return false;
      Branch.Cond = ast::toString(*B.Cond);
      Branch.CondCxx = tagExprCxx(*B.Cond);
      Branch.CondLoc = B.Cond->getLoc();
    }
    for (const ast::FilterOutput &O : B.Outputs) {
      std::optional<std::vector<graph::FilterAssign>> Assigns =
          buildFilterOutput(O, In->Type);
      if (!Assigns)
        return false;
      Branch.Outputs.push_back(std::move(*Assigns));
    }
    Node.FilterBranches.push_back(std::move(Branch));
  }
  Node.Patterns.push_back(*In);
  return true;
}

/// The patterns of a star's exit or a feedback's loop into Node. `{}`
/// without a guard would match every record.
bool Sema::convertExits(const std::vector<ast::RecordPattern> &Ps,
                        const char *Combinator, const char *Would,
                        SNetNode &Node) {
  for (const ast::RecordPattern &P : Ps) {
    std::optional<graph::Pattern> Pat = convertPattern(P);
    if (!Pat)
      return false;
    if (Pat->Type.size() == 0 && Pat->Guard.empty()) {
      Diags.report(P.Range.Begin, DiagId::ErrExitMatchesAll)
          << Combinator << Would;
      return false;
    }
    Node.Patterns.push_back(*Pat);
  }
  return true;
}

bool Sema::isNetName(llvm::StringRef Name) const {
  const Symbol *S = lookup(Name);
  return S && (S->K == Symbol::Net || S->K == Symbol::Box);
}

std::optional<SNetNodeId>
Sema::buildNamedNet(const ast::Name &N,
                    const std::vector<const ast::NetDecl *> &Env) {
  const ast::NetDecl *Decl = nullptr;
  for (auto It = Env.rbegin(); It != Env.rend() && !Decl; ++It)
    if ((*It)->Ident.Text == N.Text)
      Decl = *It;
  const Symbol *S = Decl ? nullptr : lookup(N.Text);
  if (!Decl && S && S->K == Symbol::Net)
    Decl = S->NetDecl;

  if (!Decl && S && S->K == Symbol::Box) {
    const ast::BoxModuleDecl &B = *S->BoxDecl;
    std::optional<RecordType> In = convertType(B.Sig.Input);
    if (!In)
      return std::nullopt;
    SNetNode Node;
    Node.K = SNetNode::Box;
    Node.BoxName = B.Ident.Text;
    Node.Initialiser = B.Sig.IsInitialiser;
    Node.Loc = N.Range.Begin;
    graph::Pattern Input;
    Input.Type = *In;
    Node.Patterns.push_back(std::move(Input));
    for (const ast::RecordType &T : B.Sig.Outputs) {
      std::optional<RecordType> Out = convertType(T);
      if (!Out)
        return std::nullopt;
      Node.BoxOutputs.push_back(*Out);
    }
    SNetNodeId Id(Prog->SNetNodes.size());
    Prog->SNetNodes.push_back(std::move(Node));
    return Id;
  }
  if (!Decl) {
    if (CurScope && CurScope->Names.count(N.Text))
      Diags.report(N.Range.Begin, DiagId::ErrInstanceInNet) << N.Text;
    else {
      Diags.report(N.Range.Begin, DiagId::ErrUnknownNet) << N.Text;
      suggestName(N.Range.Begin, N.Text,
                  symbolNames({Symbol::Net, Symbol::Box}));
    }
    return std::nullopt;
  }
  if (std::find(NetStack.begin(), NetStack.end(), Decl) != NetStack.end()) {
    Diags.report(N.Range.Begin, DiagId::ErrRecursiveNet) << N.Text;
    return std::nullopt;
  }
  if (!netLimitsHold(N.Range.Begin, &N))
    return std::nullopt;
  if (Decl->Sig)
    for (const ast::TypeMap &M : Decl->Sig->Maps)
      for (const auto *List : {&M.Inputs, &M.Outputs})
        for (const ast::RecordType &T : *List)
          if (!convertType(T))
            return std::nullopt;
  NetStack.push_back(Decl);
  NetsBuilt.insert(Decl);
  std::vector<const ast::NetDecl *> Inner = Env;
  for (const auto &Nested : Decl->Nested)
    Inner.push_back(Nested.get());
  std::optional<SNetNodeId> Body = buildNetNode(*Decl->Body, Inner);
  NetStack.pop_back();
  if (Body && Prog->SNetNodes[Body->Index].NetName.empty())
    Prog->SNetNodes[Body->Index].NetName = Decl->Ident.Text;
  return Body;
}

/// Nets used inside nets are expanded by recursion, once per use: bound
/// the depth (the stack) and the nodes made (a net used twice in each of
/// twenty nested nets is a million copies), with an error instead of a
/// crash or exhausted memory.
bool Sema::netLimitsHold(SourceLoc Loc, const ast::Name *Net) {
  constexpr size_t MaxNetDepth = 1000, MaxNetNodes = 100000;
  if (Net && NetStack.size() >= MaxNetDepth) {
    if (!NetTooDeepReported)
      Diags.report(Loc, DiagId::ErrNetTooDeep)
          << unsigned(MaxNetDepth) << Net->Text;
    NetTooDeepReported = true;
    return false;
  }
  if (Prog->SNetNodes.size() < MaxNetNodes)
    return true;
  if (!NetTooLargeReported)
    Diags.report(Loc, DiagId::ErrNetTooLarge) << unsigned(MaxNetNodes);
  NetTooLargeReported = true;
  return false;
}

std::optional<SNetNodeId>
Sema::buildNetNode(const ast::NetExpr &E,
                   const std::vector<const ast::NetDecl *> &Env) {
  if (!netLimitsHold(E.getLoc(), nullptr))
    return std::nullopt;
  if (auto *R = dyn_cast<ast::RefExpr>(&E)) {
    const ast::InstanceRef &Ref = R->Ref;
    if (Ref.Head != ast::InstanceRef::Named || Ref.Lo || Ref.Queue) {
      const Symbol *S =
          Ref.Head == ast::InstanceRef::Named ? lookup(Ref.Base.Text) : nullptr;
      if (S && (S->K == Symbol::Net || S->K == Symbol::Box))
        Diags.report(Ref.Range.Begin, DiagId::ErrNetRefSuffix)
            << Ref.Base.Text << (S->K == Symbol::Net ? "net" : "box");
      else
        Diags.report(Ref.Range.Begin, DiagId::ErrInstanceInNet)
            << ast::toString(Ref);
      return std::nullopt;
    }
    return buildNamedNet(Ref.Base, Env);
  }
  if (auto *C = dyn_cast<ast::CollectiveExpr>(&E)) {
    Diags.report(C->getLoc(), DiagId::ErrCollectiveInNet) << C->Callee.Text;
    return std::nullopt;
  }

  SNetNode Node;
  Node.Loc = E.getLoc();
  auto AddChild = [&](const ast::NetExpr &Child) {
    std::optional<SNetNodeId> Id = buildNetNode(Child, Env);
    if (Id)
      Node.Children.push_back(*Id);
    return Id.has_value();
  };
  bool Ok = true;
  if (auto *S = dyn_cast<ast::SerialExpr>(&E)) {
    Node.K = SNetNode::Serial;
    for (const auto &Part : S->Stages)
      Ok &= AddChild(*Part);
  } else if (auto *P = dyn_cast<ast::ParallelExpr>(&E)) {
    Node.K = SNetNode::Parallel;
    Node.Deterministic = P->Deterministic;
    for (const auto &Part : P->Branches) {
      // `a || b` between instances is a slip for `|||`.
      auto *R = dyn_cast<ast::RefExpr>(Part.get());
      if (P->Deterministic && R && CurScope &&
          CurScope->Names.count(R->Ref.Base.Text)) {
        Diags.report(R->getLoc(), DiagId::ErrInstanceInNet)
            << ast::toString(R->Ref);
        Diags.report(R->getLoc(), DiagId::NoteDidYouMean) << "|||";
        return std::nullopt;
      }
      Ok &= AddChild(*Part);
    }
  } else if (auto *S = dyn_cast<ast::StarExpr>(&E)) {
    Node.K = SNetNode::Star;
    Node.Deterministic = S->Deterministic;
    Ok &= AddChild(*S->Operand);
    if (!convertExits(S->Exits, "star", "never run its operand", Node))
      return std::nullopt;
  } else if (auto *S = dyn_cast<ast::SplitExpr>(&E)) {
    Node.K = SNetNode::Split;
    Node.Deterministic = S->Deterministic;
    Node.Tag = S->Tag.Text;
    Ok &= AddChild(*S->Operand);
  } else if (auto *F = dyn_cast<ast::FeedbackExpr>(&E)) {
    Node.K = SNetNode::Feedback;
    Ok &= AddChild(*F->Operand);
    if (!convertExits(F->Backs, "feedback", "never let a record out", Node))
      return std::nullopt;
  } else if (auto *F = dyn_cast<ast::FilterExpr>(&E)) {
    if (!buildFilter(*F, Node))
      return std::nullopt;
  } else {
    auto &S = llvm::cast<ast::SyncExpr>(E);
    Node.K = SNetNode::Sync;
    if (S.Patterns.size() < 2) {
      Diags.report(S.getLoc(), DiagId::ErrSyncTooFewPatterns);
      return std::nullopt;
    }
    for (const ast::RecordPattern &P : S.Patterns) {
      std::optional<graph::Pattern> Pat = convertPattern(P);
      if (!Pat)
        return std::nullopt;
      Node.Patterns.push_back(*Pat);
    }
    // A record matching pattern j would always also match a pattern i that
    // has a subset of j's labels: the cell could not tell them apart.
    for (size_t I = 0; I < Node.Patterns.size(); ++I)
      for (size_t J = 0; J < Node.Patterns.size(); ++J)
        if (I != J && Node.Patterns[I].Guard.empty() &&
            Node.Patterns[J].Guard.empty() &&
            Node.Patterns[I].Type.isSubsetOf(Node.Patterns[J].Type) &&
            (I < J || !(Node.Patterns[I].Type == Node.Patterns[J].Type))) {
          Diags.report(S.Patterns[J].Range.Begin, DiagId::ErrSyncSubsumed)
              << Node.Patterns[I].str() << Node.Patterns[J].str();
          return std::nullopt;
        }
  }
  if (!Ok)
    return std::nullopt;
  SNetNodeId Id(Prog->SNetNodes.size());
  Prog->SNetNodes.push_back(std::move(Node));
  return Id;
}

//===----------------------------------------------------------------------===//
// Type inference
//===----------------------------------------------------------------------===//

std::vector<RecordType> Sema::intrinsicInputs(SNetNodeId Id) {
  if (auto It = InputsMemo.find(Id.Index); It != InputsMemo.end())
    return It->second;
  const SNetNode &N = Prog->get(Id);
  std::vector<RecordType> Out;
  switch (N.K) {
  case SNetNode::Box:
    // An initialiser accepts nothing: no branch of `|` is chosen for it.
    if (!N.Initialiser)
      Out.push_back(N.Patterns[0].Type);
    break;
  case SNetNode::Serial:
    // Labels that later stages need and earlier ones pass on arrive by flow
    // inheritance from the input: as S-Net does, take them into the input.
    for (const RecordType &T : intrinsicInputs(N.Children[0]))
      for (const RecordType &W : widenSerial(Id, T))
        addUnique(Out, W);
    break;
  case SNetNode::Feedback:
    Out = intrinsicInputs(N.Children[0]);
    break;
  case SNetNode::Parallel:
    for (SNetNodeId C : N.Children)
      for (const RecordType &T : intrinsicInputs(C))
        addUnique(Out, T);
    break;
  case SNetNode::Star:
    Out = intrinsicInputs(N.Children[0]);
    // A record of an exit type leaves at once, so it is an input of its own;
    // with a guard it may instead enter the operand, which must accept it.
    for (const graph::Pattern &P : N.Patterns)
      if (P.Guard.empty())
        addUnique(Out, P.Type);
    break;
  case SNetNode::Split:
    for (RecordType T : intrinsicInputs(N.Children[0])) {
      T.Tags.push_back(N.Tag);
      normalize(T);
      addUnique(Out, T);
    }
    break;
  case SNetNode::Filter:
    Out.push_back(N.Identity ? RecordType{} : N.Patterns[0].Type);
    break;
  case SNetNode::Sync:
    for (const graph::Pattern &P : N.Patterns)
      addUnique(Out, P.Type);
    break;
  }
  InputsMemo[Id.Index] = Out;
  return Out;
}

/// While inference only tries a type (speculate), a failure is noted with
/// the labels that would have avoided it (none: nothing would) instead of
/// being reported. True when it was noted.
bool Sema::speculationFails(const RecordType &Missing) {
  if (Missing.size() == 0)
    return speculationFailsEither({});
  return speculationFailsEither({Missing});
}

/// As speculationFails, where any one of several label sets would do.
bool Sema::speculationFailsEither(const std::vector<RecordType> &Missing) {
  if (!Speculating)
    return false;
  if (!SpecFailed)
    SpecMissing = Missing;
  SpecFailed = true;
  return true;
}

/// Infers what node Id does with T without reporting or keeping anything;
/// returns whether it failed, and the labels the first failure missed.
bool Sema::speculate(SNetNodeId Id, const RecordType &T,
                     std::vector<RecordType> &Missing) {
  // Id's subtree is the nodes [Lo, Id]: children are made before parents.
  uint32_t Lo = Id.Index;
  for (std::vector<SNetNodeId> Work{Id}; !Work.empty();) {
    SNetNodeId C = Work.back();
    Work.pop_back();
    Lo = std::min(Lo, C.Index);
    for (SNetNodeId G : Prog->get(C).Children)
      Work.push_back(G);
  }
  std::vector<size_t> Kept;
  for (uint32_t I = Lo; I <= Id.Index; ++I)
    Kept.push_back(Prog->SNetNodes[I].Types.size());
  bool OuterFailed = SpecFailed;
  std::vector<RecordType> OuterMissing = std::move(SpecMissing);
  SpecFailed = false;
  SpecMissing.clear();
  ++Speculating;
  infer(Id, T);
  --Speculating;
  bool Failed = SpecFailed;
  Missing = std::move(SpecMissing);
  SpecFailed = OuterFailed;
  SpecMissing = std::move(OuterMissing);
  for (uint32_t I = Lo; I <= Id.Index; ++I)
    Prog->SNetNodes[I].Types.resize(Kept[I - Lo]);
  return Failed;
}

/// T, with the labels a serial composition's later stages need from its
/// input, while some do and its earlier stages pass them on; T itself when
/// no such labels make it go through (its own errors are then reported).
/// Where either of two label sets would do (one branch of `|` needs one,
/// another the other), each gives a type: the composition accepts both, as
/// S-Net's type of a network may be several record types.
std::vector<RecordType> Sema::widenSerial(SNetNodeId Id, const RecordType &T) {
  std::vector<RecordType> Out, Work{T}, Tried;
  while (!Work.empty() && Tried.size() < MaxLoopTypes) {
    RecordType Cur = std::move(Work.back());
    Work.pop_back();
    if (std::find(Tried.begin(), Tried.end(), Cur) != Tried.end())
      continue;
    Tried.push_back(Cur);
    std::vector<RecordType> Missing;
    if (!speculate(Id, Cur, Missing)) {
      addUnique(Out, Cur);
      continue;
    }
    for (const RecordType &M : Missing) {
      RecordType Next = Cur;
      Next.Fields.insert(Next.Fields.end(), M.Fields.begin(), M.Fields.end());
      Next.Tags.insert(Next.Tags.end(), M.Tags.begin(), M.Tags.end());
      normalize(Next);
      // Equal: the labels were there, and an earlier stage consumed them.
      if (!(Next == Cur))
        Work.push_back(std::move(Next));
    }
  }
  if (Out.empty())
    Out.push_back(T);
  return Out;
}

static std::string describeNode(const graph::Program &P, const SNetNode &N) {
  switch (N.K) {
  case SNetNode::Box:
    return "box '" + N.BoxName + "'";
  case SNetNode::Filter:
    return "this filter";
  case SNetNode::Sync:
    return "this synchro-cell";
  case SNetNode::Serial:
    // A branch of `|` is most often a serial composition: name its head.
    if (N.NetName.empty() && !N.Children.empty())
      return "the composition that begins with " +
             describeNode(P, P.get(N.Children[0]));
    [[fallthrough]];
  default:
    return N.NetName.empty() ? "this network" : "net '" + N.NetName + "'";
  }
}

/// T reaches Id only by passing a synchro-cell after it fired: S-Net runs
/// such a program (its own poweroftwo2 is one, where every cell is alone
/// in its replica and no record comes late), so it is a warning, once per
/// stage, and the engine names the stage if such a record does come.
bool Sema::lateRejection(SNetNodeId Id, const RecordType &T,
                         const std::string &Accepts) {
  auto It = std::find_if(LateTypes.begin(), LateTypes.end(),
                         [&](const auto &L) { return L.first == T; });
  if (It == LateTypes.end())
    return false;
  if (LateWarned.insert(Id.Index).second) {
    const SNetNode &N = Prog->get(Id);
    Diags.report(N.Loc, DiagId::WarnLateRecordRejected)
        << T.str() << describeNode(*Prog, N) << Accepts;
    Diags.report(Prog->get(It->second).Loc, DiagId::NoteSyncPassedLate);
  }
  return true;
}

void Sema::typeError(SNetNodeId Id, const RecordType &T) {
  std::string Accepts;
  for (const RecordType &I : intrinsicInputs(Id))
    Accepts += (Accepts.empty() ? "" : " or ") + I.str();
  if (lateRejection(Id, T, Accepts))
    return;
  if (!TypeErrorReported.insert(Id.Index).second)
    return;
  const SNetNode &N = Prog->get(Id);
  Diags.report(N.Loc, DiagId::ErrTypeMismatch)
      << T.str() << describeNode(*Prog, N) << Accepts;
}

std::vector<RecordType> Sema::infer(SNetNodeId Id, const RecordType &In) {
  for (const graph::TypeMapping &M : Prog->get(Id).Types)
    if (M.Input == In)
      return M.Outputs;

  const SNetNode N = Prog->get(Id); // copy: children may grow the vector
  std::vector<RecordType> Out;
  switch (N.K) {
  case SNetNode::Box:
    if (N.Initialiser) {
      // Nothing would let a record in.
      if (!speculationFails(RecordType()) &&
          TypeErrorReported.insert(Id.Index).second)
        Diags.report(N.Loc, DiagId::ErrRecordReachesInitialiser)
            << In.str() << N.BoxName;
      break;
    }
    if (!N.Patterns[0].Type.isSubsetOf(In)) {
      if (!speculationFails(missingFrom(N.Patterns[0].Type, In)))
        typeError(Id, In);
      break;
    }
    for (const RecordType &O : N.BoxOutputs)
      addUnique(Out, inherit(O, In, N.Patterns[0].Type));
    break;
  case SNetNode::Filter: {
    if (N.Identity) {
      Out.push_back(In);
      break;
    }
    const RecordType &P = N.Patterns[0].Type;
    if (!P.isSubsetOf(In)) {
      if (!speculationFails(missingFrom(P, In)))
        typeError(Id, In);
      break;
    }
    // Any branch may be the one taken.
    for (const graph::FilterBranch &B : N.FilterBranches)
      for (const auto &Assigns : B.Outputs) {
        RecordType T;
        for (const graph::FilterAssign &A : Assigns)
          (A.IsTag ? T.Tags : T.Fields).push_back(A.Label);
        normalize(T);
        addUnique(Out, inherit(T, In, P));
      }
    break;
  }
  case SNetNode::Sync: {
    RecordType Merged = In;
    bool Any = false;
    for (const graph::Pattern &P : N.Patterns) {
      Any |= P.Type.isSubsetOf(In);
      Merged.Fields.insert(Merged.Fields.end(), P.Type.Fields.begin(),
                           P.Type.Fields.end());
      Merged.Tags.insert(Merged.Tags.end(), P.Type.Tags.begin(),
                         P.Type.Tags.end());
    }
    if (!Any) {
      // S-Net: a record matching no pattern passes the cell unchanged
      // (checkSyncCells warns when that is all a cell ever does).
      Out.push_back(In);
      break;
    }
    normalize(Merged);
    // Until the cell fires it holds matching records; after, they pass.
    addUnique(Out, Merged);
    if (!(In == Merged) && !Speculating &&
        std::none_of(LateTypes.begin(), LateTypes.end(),
                     [&](const auto &L) { return L.first == In; }))
      LateTypes.emplace_back(In, Id);
    addUnique(Out, In);
    break;
  }
  case SNetNode::Serial: {
    std::vector<RecordType> Cur{In};
    for (SNetNodeId C : N.Children) {
      std::vector<RecordType> Next;
      for (const RecordType &T : Cur)
        for (const RecordType &O : infer(C, T))
          addUnique(Next, O);
      Cur = std::move(Next);
    }
    Out = std::move(Cur);
    break;
  }
  case SNetNode::Parallel:
    Out = inferParallel(Id, N, In);
    break;
  case SNetNode::Split:
    if (!std::binary_search(In.Tags.begin(), In.Tags.end(), N.Tag)) {
      if (!speculationFails(RecordType{{}, {N.Tag}}) &&
          TypeErrorReported.insert(Id.Index).second)
        Diags.report(N.Loc, DiagId::ErrSplitTagMissing) << N.Tag << In.str();
      break;
    }
    Out = infer(N.Children[0], In);
    break;
  case SNetNode::Star:
  case SNetNode::Feedback: {
    std::optional<std::vector<RecordType>> Loop = inferLoop(Id, N, In);
    if (!Loop)
      return {}; // diverged: reported, and not remembered
    Out = std::move(*Loop);
    break;
  }
  }
  Prog->SNetNodes[Id.Index].Types.push_back({In, Out});
  return Out;
}

/// A parallel composition routes each record to the branch whose type
/// matches it best (most labels).
std::vector<RecordType> Sema::inferParallel(SNetNodeId Id, const SNetNode &N,
                                            const RecordType &In) {
  // Best match: the branch whose matching input type has most labels.
  int Best = -1;
  std::vector<size_t> Winners;
  for (size_t I = 0; I < N.Children.size(); ++I) {
    int Score = -1;
    for (const RecordType &T : intrinsicInputs(N.Children[I]))
      if (T.isSubsetOf(In))
        Score = std::max(Score, int(T.size()));
    if (Score < 0)
      continue;
    if (Score > Best) {
      Best = Score;
      Winners = {I};
    } else if (Score == Best) {
      Winners.push_back(I);
    }
  }
  if (Winners.empty()) {
    // What would route it: the labels of the nearest branch type, or of
    // each, where several are as near (speculation then tries them all).
    std::optional<RecordType> Nearest;
    std::vector<RecordType> NearestAll; // every nearest one, when they tie
    bool Tie = false;
    for (SNetNodeId C : N.Children)
      for (const RecordType &T : intrinsicInputs(C)) {
        RecordType M = missingFrom(T, In);
        if (!Nearest || M.size() < Nearest->size()) {
          Nearest = M, Tie = false;
          NearestAll = {M};
        } else if (M.size() == Nearest->size() && !(M == *Nearest)) {
          Tie = true;
          addUnique(NearestAll, M);
        }
      }
    if (Tie ? speculationFailsEither(NearestAll)
            : speculationFails(Nearest ? *Nearest : RecordType()))
      return {};
    if (lateRejection(Id, In, "the types of its branches"))
      return {};
    if (TypeErrorReported.insert(Id.Index).second)
      Diags.report(N.Loc, DiagId::ErrNoRoute) << In.str();
    return {};
  }
  if (Winners.size() > 1) {
    if (!speculationFails(RecordType()) &&
        TypeErrorReported.insert(Id.Index).second)
      Diags.report(Prog->get(N.Children[Winners[1]]).Loc,
                   DiagId::ErrAmbiguousRouting)
          << describeNode(*Prog, Prog->get(N.Children[Winners[0]]))
          << describeNode(*Prog, Prog->get(N.Children[Winners[1]])) << In.str();
    return {};
  }
  return infer(N.Children[Winners[0]], In);
}

/// A star or feedback loop: the types that leave it, found by running the
/// operand on every type that goes round again until none is new; nothing
/// when they diverge (reported).
std::optional<std::vector<RecordType>>
Sema::inferLoop(SNetNodeId Id, const SNetNode &N, const RecordType &In,
                const std::vector<RecordType> *Emitted) {
  bool IsStar = N.K == SNetNode::Star;
  std::vector<RecordType> Out;
  std::vector<RecordType> Seen, Work;
  // Star: a record is tested before each replica, so the input is tested
  // too. Feedback: a record always enters the operand first.
  // Emitted: what an initialiser inside a feedback operand makes leave it.
  bool OperandEmits = false;
  if (Emitted)
    Work = *Emitted;
  else if (IsStar)
    Work.push_back(In);
  else
    for (const RecordType &O : infer(N.Children[0], In))
      Work.push_back(O), OperandEmits = true;
  while (!Work.empty()) {
    RecordType T = Work.back();
    Work.pop_back();
    if (std::find(Seen.begin(), Seen.end(), T) != Seen.end())
      continue;
    Seen.push_back(T);
    if (Seen.size() > MaxLoopTypes) {
      if (!speculationFails(RecordType()) &&
          TypeErrorReported.insert(Id.Index).second)
        Diags.report(N.Loc, DiagId::ErrTypesDiverge)
            << (IsStar ? "star" : "feedback loop") << unsigned(MaxLoopTypes);
      return std::nullopt;
    }
    // A record takes the patterns' way if it matches any of them; with
    // guards, a matching type may or may not.
    bool TakesPattern = false, Surely = false;
    for (const graph::Pattern &P : N.Patterns)
      if (P.Type.isSubsetOf(T)) {
        TakesPattern = true;
        Surely |= P.Guard.empty();
      }
    bool TakesOther = !Surely;
    bool Leaves = IsStar ? TakesPattern : TakesOther;
    bool Loops = IsStar ? TakesOther : TakesPattern;
    if (Leaves)
      addUnique(Out, T);
    if (Loops)
      for (const RecordType &O : infer(N.Children[0], T))
        Work.push_back(O), OperandEmits = true;
  }
  // Records the operand consumes (it emits nothing) do end.
  // {} is what `[]` passes on: any record, so nothing to warn about.
  if (!Speculating && Out.empty() && OperandEmits && In.size() != 0 &&
      !TypeErrorReported.count(Id.Index) &&
      WarnedStars.insert({N.Loc.File.Index, N.Loc.Line, N.Loc.Col}).second) {
    std::string Pats;
    for (const graph::Pattern &P : N.Patterns)
      Pats += (Pats.empty() ? "" : ", ") + P.str();
    if (IsStar)
      Diags.report(N.Loc, DiagId::WarnStarNeverExits) << Pats << "star";
    else
      Diags.report(N.Loc, DiagId::WarnFeedbackNeverExits) << Pats;
  }
  return Out;
}

void Sema::inferNetwork(SNetNodeId Root, const ast::NetDecl *Declared) {
  if (Declared && Declared->Sig) {
    // A signature says what the network is given, and the body is typed
    // from that, not from its own input types: the signature may name
    // labels that arrive by flow inheritance which nothing in the body
    // asks for, and they are followed through it.
    for (const ast::TypeMap &M : Declared->Sig->Maps)
      for (const ast::RecordType &InType : M.Inputs) {
        std::optional<RecordType> In = convertType(InType);
        if (!In)
          continue;
        unsigned Before = Diags.getNumErrors();
        infer(Root, *In);
        if (Diags.getNumErrors() != Before)
          Diags.report(InType.Range.Begin, DiagId::NoteDeclaredInput)
              << Declared->Ident.Text << In->str();
      }
  } else {
    std::vector<RecordType> Entry = intrinsicInputs(Root);
    // A network that starts with synchro-cells also takes what the stage
    // after them accepts, since a cell passes records that match none of
    // its patterns: S-Net's own test `[|{A},{B}|] .. [|{C},{D}|] ..
    // [|{E},{F}|]` is fed all six.
    const SNetNode &R = Prog->get(Root);
    if (R.K == SNetNode::Serial)
      for (size_t I = 0; I + 1 < R.Children.size() &&
                         Prog->get(R.Children[I]).K == SNetNode::Sync;
           ++I)
        for (const RecordType &T : intrinsicInputs(R.Children[I + 1]))
          addUnique(Entry, T);
    for (const RecordType &T : Entry)
      infer(Root, T);
  }
  inferInitialisers(Root);
  // Record what each node accepts, for code generation's routing tables.
  std::vector<SNetNodeId> Work{Root};
  while (!Work.empty()) {
    SNetNodeId N = Work.back();
    Work.pop_back();
    Prog->SNetNodes[N.Index].Accepts = intrinsicInputs(N);
    if (Prog->get(N).K == SNetNode::Sync)
      checkSyncCell(N);
    for (SNetNodeId C : Prog->get(N).Children)
      Work.push_back(C);
  }
}

/// An initialiser box's outputs enter the network where it is: through
/// the rest of the serial compositions around it, out of parallel branches,
/// round a feedback loop; inside a star or a split it fires once per
/// replica, and what it makes leaves that replica as any record would.
void Sema::inferInitialisers(SNetNodeId Root) {
  InitLeaving.clear();
  std::unordered_map<uint32_t, SNetNodeId> Parent;
  std::vector<SNetNodeId> Inits;
  for (std::vector<SNetNodeId> Work{Root}; !Work.empty();) {
    SNetNodeId Id = Work.back();
    Work.pop_back();
    const SNetNode &N = Prog->get(Id);
    if (N.K == SNetNode::Box && N.Initialiser)
      Inits.push_back(Id);
    for (SNetNodeId C : N.Children) {
      Parent.emplace(C.Index, Id);
      Work.push_back(C);
    }
  }
  // In program order, so that errors come in it.
  std::sort(Inits.begin(), Inits.end(),
            [](SNetNodeId A, SNetNodeId B) { return A.Index < B.Index; });
  for (SNetNodeId Box : Inits) {
    std::vector<RecordType> Cur;
    for (const RecordType &T : Prog->get(Box).BoxOutputs)
      addUnique(Cur, T);
    for (SNetNodeId C = Box; C.Index != Root.Index;) {
      SNetNodeId P = Parent.at(C.Index);
      const SNetNode N = Prog->get(P); // copy: inference grows Types
      switch (N.K) {
      case SNetNode::Serial: {
        auto At =
            std::find_if(N.Children.begin(), N.Children.end(),
                         [&](SNetNodeId S) { return S.Index == C.Index; });
        for (++At; At != N.Children.end(); ++At) {
          std::vector<RecordType> Next;
          for (const RecordType &T : Cur)
            for (const RecordType &O : infer(*At, T))
              addUnique(Next, O);
          Cur = std::move(Next);
        }
        break;
      }
      case SNetNode::Star:
        // One firing in every replica (S-Net's semantics): what it makes
        // leaves that replica's operand, and is tested against the exit
        // patterns as any record leaving it is.
      case SNetNode::Feedback: {
        std::optional<std::vector<RecordType>> Out =
            inferLoop(P, N, RecordType(), &Cur);
        Cur = Out ? std::move(*Out) : std::vector<RecordType>();
        break;
      }
      default: // parallel, split: what it makes goes on out of them
        break;
      }
      C = P;
    }
    for (const RecordType &T : Cur)
      InitLeaving.emplace_back(T, Box);
  }
}

/// A synchro-cell passes on records that match none of its patterns, as in
/// S-Net; but a cell that no record reaching it can fill, or that only
/// ever passes records on, is most likely a slip. Warned once per cell.
void Sema::checkSyncCell(SNetNodeId Id) {
  const SNetNode &N = Prog->get(Id);
  if (N.Types.empty() || TypeErrorReported.count(Id.Index))
    return; // nothing reaches it, or it was diagnosed already
  for (const graph::TypeMapping &M : N.Types)
    if (M.Input.size() == 0)
      return; // what `[]` passes on: records of any type may reach it
  std::vector<bool> Reached(N.Patterns.size(), false);
  for (const graph::TypeMapping &M : N.Types)
    for (size_t I = 0; I < N.Patterns.size(); ++I)
      Reached[I] = Reached[I] || N.Patterns[I].Type.isSubsetOf(M.Input);
  auto Unreached = std::find(Reached.begin(), Reached.end(), false);
  if (Unreached == Reached.end() ||
      !WarnedSyncs.insert({N.Loc.File.Index, N.Loc.Line, N.Loc.Col}).second)
    return;
  if (std::find(Reached.begin(), Reached.end(), true) == Reached.end()) {
    std::string Types;
    for (const graph::TypeMapping &M : N.Types)
      Types += (Types.empty() ? "" : ", ") + M.Input.str();
    Diags.report(N.Loc, DiagId::WarnSyncPassesAll) << Types;
    return;
  }
  Diags.report(N.Loc, DiagId::WarnSyncNeverFires)
      << N.Patterns[Unreached - Reached.begin()].str();
}

std::optional<SNetNodeId> Sema::buildNetwork(const ast::NetExpr &E, Scope &S) {
  unsigned Before = Diags.getNumErrors();
  InputsMemo.clear(); // node ids are reused after checkAllNets
  CurScope = &S;
  std::optional<SNetNodeId> Root = buildNetNode(E, {});
  CurScope = nullptr;
  // A network that is one net, by name, is given what that net declares.
  const ast::NetDecl *Declared = nullptr;
  if (auto *R = dyn_cast<ast::RefExpr>(&E))
    if (const Symbol *Sym = lookup(R->Ref.Base.Text);
        Sym && Sym->K == Symbol::Net)
      Declared = Sym->NetDecl;
  if (Root)
    inferNetwork(*Root, Declared);
  if (Diags.getNumErrors() != Before)
    return std::nullopt;
  return Root;
}

/// A net's declared signature must describe its body: for each type
/// mapping, the body accepts every input type, and everything it emits for
/// one has the labels of some output type of the same mapping. Errors are
/// at the input type they are about.
void Sema::checkSignature(const ast::NetDecl &N, SNetNodeId Root) {
  // An initialiser's records leave with no input to map from: each must be
  // of an output type of some mapping. At the box.
  for (const auto &[O, Box] : InitLeaving) {
    bool Declared = false;
    for (const ast::TypeMap &M : N.Sig->Maps)
      for (const ast::RecordType &T : M.Outputs)
        if (std::optional<RecordType> D = convertType(T))
          Declared |= D->isSubsetOf(O);
    if (!Declared) {
      Diags.report(Prog->get(Box).Loc, DiagId::ErrNetSignature)
          << N.Ident.Text << ast::toString(*N.Sig)
          << "initialiser box '" + Prog->get(Box).BoxName +
                 "' sends records of type " + O.str() + " out of it";
      break;
    }
  }
  for (const ast::TypeMap &M : N.Sig->Maps) {
    std::vector<RecordType> Declared;
    for (const ast::RecordType &T : M.Outputs)
      if (std::optional<RecordType> O = convertType(T))
        Declared.push_back(*O);
    for (const ast::RecordType &InType : M.Inputs) {
      std::optional<RecordType> In = convertType(InType);
      if (!In)
        return;
      unsigned Before = Diags.getNumErrors();
      std::vector<RecordType> Outs = infer(Root, *In);
      if (Diags.getNumErrors() != Before) {
        // The body rejected it, where it did: say which declared input.
        Diags.report(InType.Range.Begin, DiagId::NoteDeclaredInput)
            << N.Ident.Text << In->str();
        return;
      }
      for (const RecordType &O : Outs)
        if (std::none_of(
                Declared.begin(), Declared.end(),
                [&](const RecordType &D) { return D.isSubsetOf(O); })) {
          Diags.report(InType.Range.Begin, DiagId::ErrNetSignature)
              << N.Ident.Text << ast::toString(M)
              << "its body emits records of type " + O.str() + " for " +
                     In->str();
          return;
        }
    }
  }
}

bool Sema::checkAllNets() {
  // Every named net is checked once, used or not; its nodes are discarded
  // here and rebuilt for each use in a flow.
  unsigned Before = Diags.getNumErrors();
  for (const ast::TranslationUnit *TU : Units)
    for (const auto &D : TU->Decls)
      if (auto *N = dyn_cast<ast::NetDecl>(D.get())) {
        if (lookup(N->Ident.Text)->NetDecl != N)
          continue; // a redefinition, already reported
        size_t Mark = Prog->SNetNodes.size();
        unsigned BeforeNet = Diags.getNumErrors();
        if (std::optional<SNetNodeId> Root = buildNamedNet(N->Ident, {})) {
          inferNetwork(*Root, N);
          if (N->Sig && Diags.getNumErrors() == BeforeNet)
            checkSignature(*N, *Root);
        }
        Prog->SNetNodes.resize(Mark);
        InputsMemo.clear();
        TypeErrorReported.clear();
        checkNestedNets(*N, {});
      }
  return Diags.getNumErrors() == Before;
}

/// The nets defined inside N, used or not, as checkAllNets does for the
/// top level: each in the scope of the nets around it (Env). Two with one
/// name in the same net are an error.
void Sema::checkNestedNets(const ast::NetDecl &N,
                           std::vector<const ast::NetDecl *> Env) {
  const size_t Outer = Env.size();
  for (const auto &Nested : N.Nested) {
    for (size_t I = Outer; I < Env.size(); ++I)
      if (Env[I]->Ident.Text == Nested->Ident.Text) {
        Diags.report(Nested->Ident.Range.Begin, DiagId::ErrRedefinition)
            << "net" << Nested->Ident.Text;
        Diags.report(Env[I]->Ident.Range.Begin, DiagId::NotePreviousDefinition)
            << Nested->Ident.Text;
        break;
      }
    Env.push_back(Nested.get());
  }
  for (const auto &Nested : N.Nested) {
    if (NetsBuilt.count(Nested.get())) {
      checkNestedNets(*Nested, Env); // checked where it is used
      continue;
    }
    size_t Mark = Prog->SNetNodes.size();
    // Looked up by name from the end, as buildNamedNet does: a duplicate
    // (reported above) is checked as the definition uses see.
    unsigned BeforeNet = Diags.getNumErrors();
    if (std::optional<SNetNodeId> Root = buildNamedNet(Nested->Ident, Env)) {
      inferNetwork(*Root, Nested.get());
      if (Nested->Sig && Diags.getNumErrors() == BeforeNet)
        checkSignature(*Nested, *Root);
    }
    Prog->SNetNodes.resize(Mark);
    InputsMemo.clear();
    TypeErrorReported.clear();
    checkNestedNets(*Nested, Env);
  }
}
