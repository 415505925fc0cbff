//===- SemaImpl.h - Semantic analysis internals -----------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Private to frontend/lib/Sema. The work is split by concern:
//   Symbols.cpp      program-wide names, module checks, `requires`, main root
//   ConstEval.cpp    integer constant expressions
//   Elaborate.cpp    instances, flow statements, warnings
//   Collectives.cpp  the four ways to name a collective, its participants
//                    and receivers
//   Splice.cpp       sub-root boundaries contracted away
//   SNet.cpp         S-Net property graphs and record type inference
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_LIB_SEMA_SEMAIMPL_H
#define ASPEN_LIB_SEMA_SEMAIMPL_H

#include "aspen/Sema/Sema.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <set>

namespace aspen::sema {

/// A tag expression (guard or filter value) as the C++ generated code
/// evaluates: see SNet.cpp.
std::string tagExprCxx(const ast::TagExpr &E);

/// Everything a module-like name can denote, program-wide.
struct Symbol {
  enum Kind { Action, Root, Box, Net, BuiltinReduce, BuiltinBroadcast };
  Kind K = Action;
  std::string Name;
  SourceLoc Loc;
  const ast::ActionModuleDecl *ActionDecl = nullptr;
  const ast::DeclareModuleDecl *DeclareDecl = nullptr;
  const ast::RootModuleDecl *RootDecl = nullptr;
  const ast::BoxModuleDecl *BoxDecl = nullptr;
  const ast::NetDecl *NetDecl = nullptr;
  /// BuiltinBroadcast: which collective without an operation this is.
  graph::Collective::Kind Coll = graph::Collective::Broadcast;
  graph::ModuleId Module; // Action and Box
  /// Root: the boundary queues its flows use ("" is the default queue).
  std::set<std::string> BoundaryInputs, BoundaryOutputs;
};

/// Which end of a connection a reference is on.
enum class Side { Source, Target };

/// Names visible while elaborating one copy of one root module.
struct Scope {
  const Symbol *RootSym = nullptr;
  std::string Prefix; // "" for the main root, "s[1]." inside a sub-root
  graph::InstanceId InBoundary, OutBoundary; // invalid in the main root

  struct Const {
    int64_t Value = 0;
    SourceLoc Loc;
    bool Used = false;
    /// Its value could not be computed (an error said why): uses of it
    /// fail quietly instead of saying there is no such constant.
    bool Invalid = false;
  };
  std::map<std::string, Const> Consts;

  struct Entry {
    /// Invalid: a declaration that failed; uses of it are not reported again.
    /// Broadcast stands for every collective without an operation; Coll
    /// says which.
    enum Kind { Instances, SubRoot, Reduce, Broadcast, Invalid };
    Kind K = Instances;
    graph::Collective::Kind Coll = graph::Collective::Broadcast;
    const Symbol *Module = nullptr;
    bool IsVector = false;
    uint32_t Length = 1;
    SourceLoc Loc;
    /// Instances: each element. SubRoot: each element's Input boundary.
    std::vector<graph::InstanceId> Members;
    /// SubRoot: each element's Output boundary.
    std::vector<graph::InstanceId> OutMembers;
    /// Collectives: where the one flow statement using it is.
    std::optional<SourceLoc> UsedAt;
    /// Collectives: named by some flow statement, correctly or not.
    bool Referenced = false;
  };
  std::map<std::string, Entry> Names;
};

/// The names a flow statement of this root can use.
std::vector<std::string> scopeNames(const Scope &S);

/// One item of a stage of a flow statement, once classified.
struct FlowItem {
  const ast::NetExpr *E = nullptr;
  enum Kind { Ref, Collective, Network } K = Ref;
  graph::InstanceId Net; // Network: its instance
  /// Reported already: the stage is not resolved.
  bool Failed = false;
};

/// One stage of a flow statement: its items, or the collective it is.
struct FlowStage {
  std::vector<FlowItem> Items;
  std::optional<uint32_t> Collective; // index into Program::Collectives
};

/// The collective a flow item names, and its declaration in the scope if
/// it has one (a declared collective is used by one flow statement).
struct CollectiveUse {
  graph::Collective Coll;
  Scope::Entry *Declared = nullptr;
};

class Sema {
public:
  Sema(const SourceManager &SM, DiagnosticEngine &Diags,
       const SemaOptions &Opts)
      : SM(SM), Diags(Diags), Opts(Opts) {}

  std::unique_ptr<graph::Program>
  run(llvm::ArrayRef<const ast::TranslationUnit *> Units);

  // ---- Symbols.cpp
  void collect(const ast::TranslationUnit &TU);
  void checkModules();
  bool checkRequires();
  const Symbol *chooseRoot();
  const Symbol *lookup(llvm::StringRef Name) const;
  /// After an "unknown name" error at Loc: a note with a fix-it naming the
  /// candidate closest to Typed (by edit distance, ignoring case first), if
  /// one is close enough and no other is as close.
  void suggestName(SourceLoc Loc, llvm::StringRef Typed,
                   const std::vector<std::string> &Candidates);
  /// Program-wide names of these kinds of symbol.
  std::vector<std::string>
  symbolNames(std::initializer_list<Symbol::Kind> Kinds) const;
  bool isVisibleFunction(llvm::StringRef Name);

  // ---- ConstEval.cpp
  std::optional<int64_t> eval(const ast::IntExpr &E, Scope &S);

  // ---- Elaborate.cpp
  void elaborateRoot(Scope &S);
  void checkUninstantiatedRoots();
  void declareInstances(const ast::InstanceDecl &D, Scope &S);
  /// The module of an instance declaration, if it can have instances there;
  /// else null, after reporting why and poisoning the declared names.
  const Symbol *instanceModule(const ast::InstanceDecl &D, Scope &S);
  /// The scope entry of one declarator, before any instance: its name is
  /// free, its arguments bind, its length is in range. False after
  /// reporting why not.
  bool declareEntry(const ast::Declarator &Decl, const Symbol &Sym, Scope &S,
                    Scope::Entry &E, std::optional<graph::ArgListId> &Args);
  /// The instances of one declarator of an action module or a root. False
  /// if the program would have too many.
  bool expandDeclarator(const ast::Declarator &Decl, Scope::Entry &E,
                        std::optional<graph::ArgListId> Args, Scope &S);
  /// One copy of a sub-root: its boundaries, then its own flows in a
  /// scope of their own.
  void elaborateSubRoot(const Symbol &Root, const std::string &Full,
                        Scope::Entry &E);
  bool bindArgs(const ast::Declarator &Decl, const Symbol &Sym, Scope &S,
                std::optional<graph::ArgListId> &Out);
  void poison(Scope &S, const std::string &Name, SourceLoc Loc);
  void place(const ast::PlaceStmt &P, Scope &S);
  void elaborateFlow(const ast::FlowStmt &F, Scope &S);
  /// Step 1 of a flow statement: what each item is. Creates its
  /// collectives and network instances; drops items reported as wrong.
  std::vector<FlowStage> classifyStages(const ast::FlowStmt &F, Scope &S);
  /// Records a classified item in its stage: a collective (alone in its
  /// stage, and a declared one used once) or a network instance. False
  /// after reporting why the item is dropped.
  bool addFlowItem(FlowItem &It, std::optional<CollectiveUse> Use, bool Alone,
                   FlowStage &St, Scope &S);
  /// Step 2: one stage as sources or targets; nullopt if any item failed
  /// (each is reported once).
  std::optional<std::vector<graph::PortRef>> resolveStage(FlowStage &St,
                                                          Side Which, Scope &S);
  /// Step 3: edges between neighbouring stages, and each collective's
  /// participants and receivers.
  void connectStages(const ast::FlowStmt &F, std::vector<FlowStage> &Stages,
                     Scope &S);
  std::optional<std::vector<graph::PortRef>>
  resolveRef(const ast::InstanceRef &R, Side Which, Scope &S);
  std::optional<std::pair<int64_t, int64_t>>
  resolveRange(const ast::InstanceRef &R, const Scope::Entry &E, Scope &S);
  graph::InstanceId addInstance(graph::Instance I);
  void connect(const std::vector<graph::PortRef> &From,
               const std::vector<graph::PortRef> &To, SourceLoc Loc,
               bool AllToAll = false);
  void warnConnectivity();
  std::string portName(const graph::PortRef &P) const;

  // ---- Collectives.cpp
  /// `Reduce r;`, `Broadcast b;`: a name for one collective.
  void declareCollective(const ast::Declarator &Decl, Scope::Entry E, Scope &S);
  /// `r(sum)`, `Reduce(sum)`, `b()`: the collective an item names; nullopt
  /// after reporting it.
  std::optional<CollectiveUse> collectiveCall(const ast::CollectiveExpr &C,
                                              Scope &S);
  /// A reduce's operation; broadcasts and data movement take none.
  bool bindCollectiveOp(const ast::CollectiveExpr &C, graph::Collective &G);
  /// A reference item: a declared collective without an operation (`b`),
  /// a built-in one written bare (`Broadcast`), a net or box (a network),
  /// or else instances, resolved later. False after reporting it.
  bool classifyRef(const ast::RefExpr &R, Scope &S, FlowItem &It,
                   std::optional<CollectiveUse> &Use);
  /// The participants and receivers of the collective of stage I.
  void attachCollective(std::vector<FlowStage> &Stages, size_t I, Scope &S);
  /// A Reduce, Gather or AllToAll ending its statement: every participant
  /// receives.
  void addAllReduceReceivers(graph::Collective &C);
  void checkCollectiveSources();

  // ---- Splice.cpp
  void spliceBoundaries();

  // ---- SNet.cpp
  std::optional<graph::SNetNodeId> buildNetwork(const ast::NetExpr &E,
                                                Scope &S);
  std::optional<graph::SNetNodeId>
  buildNetNode(const ast::NetExpr &E,
               const std::vector<const ast::NetDecl *> &Env);
  std::optional<graph::SNetNodeId>
  buildNamedNet(const ast::Name &N,
                const std::vector<const ast::NetDecl *> &Env);
  std::optional<graph::RecordType> convertType(const ast::RecordType &T);
  std::optional<graph::Pattern> convertPattern(const ast::RecordPattern &P);
  bool checkTagExpr(const ast::TagExpr &E, const graph::RecordType &Bound,
                    DiagId Unbound);
  std::optional<std::vector<graph::FilterAssign>>
  buildFilterOutput(const ast::FilterOutput &O, const graph::RecordType &PT);
  bool buildFilter(const ast::FilterExpr &F, graph::SNetNode &Node);
  bool convertExits(const std::vector<ast::RecordPattern> &Ps,
                    const char *Combinator, const char *Would,
                    graph::SNetNode &Node);
  std::vector<graph::RecordType> intrinsicInputs(graph::SNetNodeId N);
  std::vector<graph::RecordType> inferParallel(graph::SNetNodeId Id,
                                               const graph::SNetNode &N,
                                               const graph::RecordType &In);
  std::optional<std::vector<graph::RecordType>>
  inferLoop(graph::SNetNodeId Id, const graph::SNetNode &N,
            const graph::RecordType &In,
            const std::vector<graph::RecordType> *Emitted = nullptr);
  std::vector<graph::RecordType> infer(graph::SNetNodeId N,
                                       const graph::RecordType &In);
  /// Declared: the net whose body Root is, when it has a signature.
  void inferNetwork(graph::SNetNodeId Root,
                    const ast::NetDecl *Declared = nullptr);
  void inferInitialisers(graph::SNetNodeId Root);
  bool isNetName(llvm::StringRef Name) const;
  bool checkAllNets();
  void checkNestedNets(const ast::NetDecl &N,
                       std::vector<const ast::NetDecl *> Env);
  bool netLimitsHold(SourceLoc Loc, const ast::Name *Net);
  void checkSignature(const ast::NetDecl &N, graph::SNetNodeId Root);
  void typeError(graph::SNetNodeId N, const graph::RecordType &T);
  void checkSyncCell(graph::SNetNodeId N);
  bool speculationFails(const graph::RecordType &Missing);
  bool speculationFailsEither(const std::vector<graph::RecordType> &Missing);
  bool speculate(graph::SNetNodeId Id, const graph::RecordType &T,
                 std::vector<graph::RecordType> &Missing);
  std::vector<graph::RecordType> widenSerial(graph::SNetNodeId Id,
                                             const graph::RecordType &T);

  const SourceManager &SM;
  DiagnosticEngine &Diags;
  const SemaOptions &Opts;

  std::vector<const ast::TranslationUnit *> Units;
  std::map<std::string, Symbol> Symbols;
  std::unique_ptr<graph::Program> Prog;
  std::vector<bool> IsBoundary; // parallel to Prog->Instances
  /// Output boundary -> the same sub-root copy's Input boundary and root.
  std::map<uint32_t, std::pair<graph::InstanceId, const Symbol *>> BoundaryPeer;
  std::vector<std::string> CxxTexts; // C++ searched for user reduce ops
  bool CxxTextsLoaded = false;
  unsigned InlineCollectives = 0;
  unsigned Networks = 0;
  std::vector<const ast::NetDecl *> NetStack; // recursion guard
  bool NetTooLargeReported = false, NetTooDeepReported = false;
  std::set<const ast::NetDecl *> NetsBuilt; // checked by some use
  std::set<uint32_t> TypeErrorReported;     // SNet nodes already diagnosed
  /// Record types that leave a synchro-cell only when they reach it after
  /// it fired (pass-through), and the cell: a stage that rejects one is
  /// warned about, not refused (lateRejection).
  std::vector<std::pair<graph::RecordType, graph::SNetNodeId>> LateTypes;
  std::set<uint32_t> LateWarned; // SNet nodes warned about (once each)
  bool lateRejection(graph::SNetNodeId Id, const graph::RecordType &T,
                     const std::string &Accepts);
  std::set<const Symbol *> ConstsChecked; // roots whose consts were checked
  /// The program has more instances than MaxInstances (reported once):
  /// elaboration stops making more, instead of making millions first.
  bool TooManyInstances = false;
  std::vector<const Symbol *>
      Elaborating;                 // roots being elaborated, outermost first
  const Scope *CurScope = nullptr; // while building a network
  std::set<std::tuple<uint32_t, uint32_t, uint32_t>> WarnedStars;
  std::set<std::tuple<uint32_t, uint32_t, uint32_t>> WarnedSyncs;
  // Inference that only tries a type (SNet.cpp, speculate): nesting depth,
  // and the first failure with the labels it missed: any one of these
  // label sets would have avoided it (none: nothing would).
  unsigned Speculating = 0;
  bool SpecFailed = false;
  std::vector<graph::RecordType> SpecMissing;
  // intrinsicInputs by node, until node ids are reused.
  std::map<uint32_t, std::vector<graph::RecordType>> InputsMemo;
  /// What the initialiser boxes of the network inferNetwork last saw send
  /// out of it, with the box each comes from (for checkSignature).
  std::vector<std::pair<graph::RecordType, graph::SNetNodeId>> InitLeaving;
};

/// `{a, b, <t>}` spelled for messages.
std::string typeStr(const graph::RecordType &T);

} // namespace aspen::sema

#endif // ASPEN_LIB_SEMA_SEMAIMPL_H
