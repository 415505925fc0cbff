//===- FlowGraph.h - The elaborated instance graph --------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The product of semantic analysis, consumed by placement, codegen and the
// runtime: every module instance of the main root (sub-roots spliced in),
// every point-to-point edge between instance ports, every collective with its
// participants and receivers, and every S-Net network as a static property
// graph with inferred record types.
//
// Everything lives in vectors indexed by typed ids; nothing points into the
// AST except source locations, so the graph outlives the parse.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_GRAPH_FLOWGRAPH_H
#define ASPEN_GRAPH_FLOWGRAPH_H

#include "aspen/Basic/SourceManager.h"
#include "aspen/Plan/ReducePlan.h"
#include "aspen/abi/lists.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aspen::graph {

/// A typed index into one of Program's vectors. Distinct tags make mixing up
/// an instance id and an edge id a compile-time error.
template <typename Tag> struct Id {
  uint32_t Index = UINT32_MAX;
  Id() = default;
  explicit Id(size_t I) : Index(static_cast<uint32_t>(I)) {}
  bool isValid() const { return Index != UINT32_MAX; }
  friend bool operator==(Id A, Id B) { return A.Index == B.Index; }
  friend bool operator!=(Id A, Id B) { return A.Index != B.Index; }
  friend bool operator<(Id A, Id B) { return A.Index < B.Index; }
};

using ModuleId = Id<struct ModuleTag>;
using InstanceId = Id<struct InstanceTag>;
using EdgeId = Id<struct EdgeTag>;
using CollectiveId = Id<struct CollectiveTag>;
using SNetNodeId = Id<struct SNetNodeTag>;

/// The name of the default queue of a module, in dumps and in PortRef.
inline constexpr const char *DefaultQueue = "";

//===----------------------------------------------------------------------===//
// Modules and instances
//===----------------------------------------------------------------------===//

struct Module {
  enum Kind { Action, Box };
  std::string Name;
  Kind K = Action;
  SourceLoc Loc;
  std::vector<std::string> InputQueues;  // declared named input queues
  std::vector<std::string> OutputQueues; // declared named output queues
  /// What the module's C++ body does, as far as syntax tells: used to warn
  /// about default queues that are used but not connected.
  bool SendsDefault = false;
  bool DequeuesDefault = false;
  /// Input queues the body dequeues `from:` a sender ("" for the default
  /// one): kept by sender at run time (aspen_rt_by_sender).
  std::vector<std::string> BySenderQueues;
  /// State the instances share that exists in one process only (the
  /// `node_local` section of a standard library module, "the connections
  /// TcpListen accepts"); empty if none. Placement puts every instance of
  /// every module naming the same state on one node.
  std::string NodeLocal;
};

struct Placement {
  enum Kind { NodeName, NodeIndex };
  Kind K = NodeName;
  std::string Node;
  int64_t Index = 0;
  SourceLoc Loc;
};

/// The arguments of one instance declaration (`FileSource src("a.txt");`),
/// shared by the instances it declares: each sets the named parameter, as
/// C++ text (a string literal as written, an integer as evaluated).
struct ArgList {
  struct Arg {
    std::string Param;
    std::string Cxx;
    bool IsString = false;
    SourceLoc Loc;
  };
  std::vector<Arg> Values;
  ModuleId Module;
  SourceLoc Loc; // the declarator
};
using ArgListId = Id<struct ArgListTag>;

struct Instance {
  enum Kind { Action, SNet };
  Kind K = Action;
  /// Full name: `p[2]`, `s.w[0]` for sub-root members, `net#1` for networks.
  std::string Name;
  ModuleId Module; // Action only
  SNetNodeId Net;  // SNet only: root of its property graph
  /// The declarator this instance comes from (`s.w` for `w[4]` in `s`).
  std::string Vector;
  uint32_t Index = 0;        // position in the vector
  uint32_t VectorLength = 1; // 1 for a single instance
  bool IsVector = false;
  SourceLoc Loc;
  /// Action only: the declaration's arguments, if it gave any.
  std::optional<ArgListId> Args;
  std::optional<Placement> Pin;
  /// A second pin of the other form (by index if Pin is by name, or the
  /// reverse): only the hostfile tells whether both name one node.
  std::optional<Placement> OtherPin;
  uint32_t Node = 0; // index into Program::Nodes, set by placement
};

/// One queue of one instance. Queue == "" is the default queue.
struct PortRef {
  InstanceId Inst;
  std::string Queue;
  friend bool operator==(const PortRef &A, const PortRef &B) {
    return A.Inst == B.Inst && A.Queue == B.Queue;
  }
};

/// A point-to-point channel from an output queue to an input queue. An output
/// queue with several edges deals its messages round-robin among them; an
/// input queue with several edges merges them in arrival order.
struct Edge {
  PortRef From; // an output queue
  PortRef To;   // an input queue
  SourceLoc Loc;
};

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

struct Collective;
bool isPassThrough(const Collective &C);

struct Collective {
  /// The built-in collectives of aspen/abi/collectives.def, in its order,
  /// which is also the ABI's (abi::CollectiveKind).
  enum Kind {
#define ASPEN_COLLECTIVE(Id, ...) Id,
#include "aspen/abi/collectives.def"
  };
  Kind K = Reduce;
  std::string Name; // `r1`, or `Reduce#2` for an inline one
  /// Reduce only: `sum`, `multiply`, `min`, `max`, or a user C++ function.
  std::string Op;
  bool UserOp = false;
  SourceLoc OpLoc; // where the operation is named, `r(op)`
  /// Reduce: the output queues whose messages are combined. Broadcast: the
  /// output queues whose messages are copied to every receiver.
  std::vector<PortRef> Sources;
  /// The input queues that get the result (every participant for an
  /// all-reduce).
  std::vector<PortRef> Receivers;
  bool AllReduce = false;
  SourceLoc Loc;
  /// Reduce on several nodes: how it runs across them, set once after
  /// placement by plan::planCollectives; empty before, and on one node.
  std::optional<plan::NodeReducePlan> Plan;
};

/// `Reduce`, `Broadcast`, ...: the built-in module's name.
inline const char *kindName(Collective::Kind K) {
  return abi::info(abi::CollectiveKind(K)).Name;
}

/// `reduce`, `broadcast`, ...: how diagnostics name one.
inline const char *kindWord(Collective::Kind K) {
  return abi::info(abi::CollectiveKind(K)).Word;
}

/// The built-in collective a module name denotes, if any. These names are
/// the compiler's own: they are never looked up in the standard library,
/// and no program may define a module of one of them.
inline std::optional<Collective::Kind> builtinCollective(llvm::StringRef Name) {
  for (unsigned K = 0; K < abi::NumBuiltinCollectives; ++K)
    if (Name == abi::CollectiveTable[K].Name)
      return Collective::Kind(K);
  return std::nullopt;
}

/// Whether a reduce's operation is built in (reduce_ops.def), rather than
/// a C++ function of the program.
inline bool isBuiltinReduceOp(llvm::StringRef Op) {
  for (const char *Spelling : abi::ReduceOpSpellings)
    if (Op == Spelling)
      return true;
  return false;
}

/// One source and one receiver: the collective only forwards, and is
/// compiled as a direct edge (the paper's pass-through elimination).
inline bool isPassThrough(const Collective &C) {
  return C.Sources.size() == 1 && C.Receivers.size() == 1;
}

//===----------------------------------------------------------------------===//
// S-Net property graph
//===----------------------------------------------------------------------===//

/// A record type: sorted field labels and sorted tag labels.
struct RecordType {
  std::vector<std::string> Fields;
  std::vector<std::string> Tags;
  friend bool operator==(const RecordType &A, const RecordType &B) {
    return A.Fields == B.Fields && A.Tags == B.Tags;
  }
  friend bool operator<(const RecordType &A, const RecordType &B) {
    return A.Fields != B.Fields ? A.Fields < B.Fields : A.Tags < B.Tags;
  }
  size_t size() const { return Fields.size() + Tags.size(); }
  /// True when every label of `this` is also in `R` (`this` matches R).
  bool isSubsetOf(const RecordType &R) const;
  std::string str() const;
};

/// A pattern: a record type plus an optional guard over its tags, kept as
/// source-like text (the runtime evaluates the lowered form).
struct Pattern {
  RecordType Type;
  std::string Guard; // empty: no guard
  /// The guard as C++ over the tag locals codegen defines (see
  /// tagExprCxx in Sema), and where it was written.
  std::string GuardCxx;
  SourceLoc GuardLoc;
  std::string str() const;
};

/// How one input variant of a network is transformed: a record of type
/// `Input` (plus any other labels, which flow through) leaves as one of
/// `Outputs`.
struct TypeMapping {
  RecordType Input;
  std::vector<RecordType> Outputs;
};

struct FilterAssign {
  bool IsTag = false;
  std::string Label;
  std::string Source; // field copied from, or tag expression text
  /// A tag's value as C++ (the tag itself when it is kept), and where the
  /// expression was written.
  std::string Cxx;
  SourceLoc Loc;
};

/// One branch of a filter: the records it emits when its condition is the
/// first that holds (no condition: always, as in a filter without `if`).
struct FilterBranch {
  std::string Cond; // source-like text; empty: always
  std::string CondCxx;
  SourceLoc CondLoc;
  std::vector<std::vector<FilterAssign>> Outputs;
};

struct SNetNode {
  /// aspen/abi/snet_nodes.def, in its order (abi::SNetNodeKind).
  enum Kind {
#define ASPEN_SNET_NODE(Id, Written) Id,
#include "aspen/abi/snet_nodes.def"
  };
  Kind K = Box;
  std::vector<SNetNodeId> Children;
  std::string BoxName; // Box: the box module; also the net name, if any
  std::string NetName; // the named net this node is the body of, if any
  std::vector<RecordType> BoxOutputs; // Box: signature outputs
  std::vector<Pattern> Patterns;      // Star/Feedback exit, Filter input, Sync
  std::string Tag;                    // Split
  std::vector<FilterBranch> FilterBranches; // Filter
  bool Identity = false;                    // Filter `[]`
  /// Parallel, Star, Split: S-Net's `||`, `**`, `!!`, whose output keeps
  /// the order of the input stream.
  bool Deterministic = false;
  /// Box: an initialiser (no input type), fired once when the network
  /// starts; its outputs continue from its position.
  bool Initialiser = false;
  /// Inferred: the input variants this network accepts and what each
  /// becomes.
  std::vector<TypeMapping> Types;
  /// The record types this node accepts by itself (what best-match routing
  /// compares), as Sema computed them.
  std::vector<RecordType> Accepts;
  SourceLoc Loc;
};

//===----------------------------------------------------------------------===//
// The program
//===----------------------------------------------------------------------===//

/// One line of the hostfile.
struct HostNode {
  std::string Name;
  unsigned Slots = 1;
  uint16_t Port = 0; // 0: the launcher's default
  SourceLoc Loc;
};

struct Program {
  std::string RootName;
  std::vector<HostNode> Nodes; // empty until placement
  std::vector<Module> Modules;
  std::vector<Instance> Instances;
  std::vector<Edge> Edges;
  std::vector<Collective> Collectives;
  std::vector<SNetNode> SNetNodes;
  std::vector<ArgList> ArgLists;

  const ArgList &get(ArgListId I) const { return ArgLists[I.Index]; }
  const Module &get(ModuleId I) const { return Modules[I.Index]; }
  const Instance &get(InstanceId I) const { return Instances[I.Index]; }
  const Edge &get(EdgeId I) const { return Edges[I.Index]; }
  const Collective &get(CollectiveId I) const { return Collectives[I.Index]; }
  const SNetNode &get(SNetNodeId I) const { return SNetNodes[I.Index]; }
};

} // namespace aspen::graph

#endif // ASPEN_GRAPH_FLOWGRAPH_H
