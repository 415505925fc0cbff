//===- AST.h - The Aspen abstract syntax tree -------------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Plain C++ classes, one per construct, each with its source range. Children
// are owned through unique_ptr; kinds come from ASTNodes.def and support
// llvm::isa / dyn_cast. Nodes are plain data: fields are public, and later
// phases read them but never modify the tree.
//
// The AST is syntax only. Names are not resolved and integer expressions are
// not evaluated; that is Sema's job.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_AST_AST_H
#define ASPEN_AST_AST_H

#include "aspen/Basic/SourceManager.h"
#include "llvm/Support/Casting.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace aspen::ast {

enum class NodeKind : uint8_t {
#define NODE(Class) Class,
#include "aspen/AST/ASTNodes.def"
};

llvm::StringRef getKindName(NodeKind K);

class Node {
public:
  virtual ~Node() = default;
  NodeKind getKind() const { return Kind; }
  SourceLoc getLoc() const { return Range.Begin; }
  SourceRange Range;

protected:
  explicit Node(NodeKind K) : Kind(K) {}

private:
  NodeKind Kind;
};

#define RANGE(Base, First, Last)                                               \
  class Base : public Node {                                                   \
  public:                                                                      \
    static bool classof(const Node *N) {                                       \
      return N->getKind() >= NodeKind::First &&                                \
             N->getKind() <= NodeKind::Last;                                   \
    }                                                                          \
                                                                               \
  protected:                                                                   \
    using Node::Node;                                                          \
  };
#define NODE(Class)
#include "aspen/AST/ASTNodes.def"

#define ASPEN_NODE_KIND(Class)                                                 \
  static constexpr NodeKind ThisKind = NodeKind::Class;                        \
  static bool classof(const Node *N) { return N->getKind() == ThisKind; }

/// A name and where it was written.
struct Name {
  std::string Text;
  SourceRange Range;
};

//===----------------------------------------------------------------------===//
// Integer and tag expressions
//===----------------------------------------------------------------------===//

class IntLiteral : public IntExpr {
public:
  ASPEN_NODE_KIND(IntLiteral)
  IntLiteral() : IntExpr(ThisKind) {}
  int64_t Value = 0;
};

/// A reference to a `const int` declared in initialize().
class IntName : public IntExpr {
public:
  ASPEN_NODE_KIND(IntName)
  IntName() : IntExpr(ThisKind) {}
  std::string Ident;
};

class IntNeg : public IntExpr {
public:
  ASPEN_NODE_KIND(IntNeg)
  IntNeg() : IntExpr(ThisKind) {}
  std::unique_ptr<IntExpr> Operand;
};

class IntBinary : public IntExpr {
public:
  ASPEN_NODE_KIND(IntBinary)
  IntBinary() : IntExpr(ThisKind) {}
  char Op = '+'; // one of + - * / %
  std::unique_ptr<IntExpr> LHS, RHS;
};

class TagLiteral : public TagExpr {
public:
  ASPEN_NODE_KIND(TagLiteral)
  TagLiteral() : TagExpr(ThisKind) {}
  int64_t Value = 0;
};

class TagName : public TagExpr {
public:
  ASPEN_NODE_KIND(TagName)
  TagName() : TagExpr(ThisKind) {}
  std::string Ident;
};

class TagUnary : public TagExpr {
public:
  ASPEN_NODE_KIND(TagUnary)
  TagUnary() : TagExpr(ThisKind) {}
  std::string Op; // "-" or "!"
  std::unique_ptr<TagExpr> Operand;
};

class TagBinary : public TagExpr {
public:
  ASPEN_NODE_KIND(TagBinary)
  TagBinary() : TagExpr(ThisKind) {}
  std::string Op; // * / % + - < <= > >= == != && ||
  std::unique_ptr<TagExpr> LHS, RHS;
};

class TagCond : public TagExpr {
public:
  ASPEN_NODE_KIND(TagCond)
  TagCond() : TagExpr(ThisKind) {}
  std::unique_ptr<TagExpr> Cond, Then, Else;
};

/// `abs(x)`, `min(x, y)`, `max(x, y)`: S-Net's tag functions. The name is
/// checked by Sema, so that a tag may still be called `abs`.
class TagCall : public TagExpr {
public:
  ASPEN_NODE_KIND(TagCall)
  TagCall() : TagExpr(ThisKind) {}
  Name Callee;
  std::vector<std::unique_ptr<TagExpr>> Args;
};

//===----------------------------------------------------------------------===//
// S-Net types and patterns
//===----------------------------------------------------------------------===//

/// One label of a record type: a field `a` or a tag `<t>`.
struct TypeEntry {
  bool IsTag = false;
  Name Label;
};

/// `{a, <t>}`: a set of field and tag labels.
struct RecordType {
  std::vector<TypeEntry> Entries;
  SourceRange Range;
};

/// A record type with an optional guard on its tags: `{<n>} if (n < 2)`.
struct RecordPattern {
  RecordType Type;
  std::unique_ptr<TagExpr> Guard;
  SourceRange Range;
};

/// `{a} -> {b} | {c, <d>}`: the input type and the output variants.
struct Signature {
  RecordType Input; // empty, and not written, for an initialiser
  /// `( -> {A})`: S-Net's initialiser box, which takes no input and is
  /// fired once when its network starts.
  bool IsInitialiser = false;
  std::vector<RecordType> Outputs;
  SourceRange Range;
};

/// `{a} | {b} -> {c} | {d}`: records of any input type become records of
/// the output types.
struct TypeMap {
  std::vector<RecordType> Inputs;
  std::vector<RecordType> Outputs;
  SourceRange Range;
};

/// A net's signature: `{a} -> {b}, {c} | {d} -> {e}`.
struct NetSignature {
  std::vector<TypeMap> Maps;
  SourceRange Range;
};

/// One label of a filter's output record: `a`, `b = a`, `<t>`, `<t = e>`.
struct OutputEntry {
  bool IsTag = false;
  Name Label;
  std::optional<Name> Source;     // fields: `b = a` copies/renames a into b
  std::unique_ptr<TagExpr> Value; // tags: `<t = n + 1>`
};

struct FilterOutput {
  std::vector<OutputEntry> Entries;
  SourceRange Range;
};

/// What a filter emits for one input record: the records of the first
/// branch whose condition holds. A filter without `if` has one branch
/// without a condition, as has the last `else` of a conditional filter.
struct FilterBranch {
  std::unique_ptr<TagExpr> Cond; // null: always
  std::vector<FilterOutput> Outputs;
};

//===----------------------------------------------------------------------===//
// Flow stages and network expressions
//===----------------------------------------------------------------------===//

/// `x`, `x[i]`, `x[i:j]`, `x.q`, `x[i:j].q`; the head may be the keywords
/// `Input` or `Output`, which stand for a sub-root module's own boundary.
struct InstanceRef {
  enum HeadKind { Named, Input, Output };
  HeadKind Head = Named;
  Name Base;
  std::unique_ptr<IntExpr> Lo; // index, or first element of a slice
  std::unique_ptr<IntExpr> Hi; // last element of an inclusive slice
  std::optional<Name> Queue;
  SourceRange Range;
  bool isSlice() const { return Hi != nullptr; }
};

class RefExpr : public NetExpr {
public:
  ASPEN_NODE_KIND(RefExpr)
  RefExpr() : NetExpr(ThisKind) {}
  InstanceRef Ref;
};

/// `r(sum)`, `Reduce(max)`, `b()`: a collective instance with its operation.
class CollectiveExpr : public NetExpr {
public:
  ASPEN_NODE_KIND(CollectiveExpr)
  CollectiveExpr() : NetExpr(ThisKind) {}
  Name Callee;
  std::optional<Name> Op; // qualified C++ name for user operations
};

class SerialExpr : public NetExpr {
public:
  ASPEN_NODE_KIND(SerialExpr)
  SerialExpr() : NetExpr(ThisKind) {}
  std::vector<std::unique_ptr<NetExpr>> Stages;
};

/// `A | B`, or S-Net's deterministic `A || B`.
class ParallelExpr : public NetExpr {
public:
  ASPEN_NODE_KIND(ParallelExpr)
  ParallelExpr() : NetExpr(ThisKind) {}
  std::vector<std::unique_ptr<NetExpr>> Branches;
  bool Deterministic = false;
};

class StarExpr : public NetExpr {
public:
  ASPEN_NODE_KIND(StarExpr)
  StarExpr() : NetExpr(ThisKind) {}
  bool Deterministic = false; // `**`
  std::unique_ptr<NetExpr> Operand;
  std::vector<RecordPattern> Exits; // a record matching any one leaves
};

class SplitExpr : public NetExpr {
public:
  ASPEN_NODE_KIND(SplitExpr)
  SplitExpr() : NetExpr(ThisKind) {}
  bool Deterministic = false; // `!!`
  std::unique_ptr<NetExpr> Operand;
  Name Tag;
};

class FeedbackExpr : public NetExpr {
public:
  ASPEN_NODE_KIND(FeedbackExpr)
  FeedbackExpr() : NetExpr(ThisKind) {}
  std::unique_ptr<NetExpr> Operand;
  std::vector<RecordPattern> Backs; // a record matching any one goes round
};

/// `[ pattern -> out1; out2 ]`, `[ pattern -> if <c> then out1 else out2 ]`;
/// `[]` is the identity filter (no pattern, no branches).
class FilterExpr : public NetExpr {
public:
  ASPEN_NODE_KIND(FilterExpr)
  FilterExpr() : NetExpr(ThisKind) {}
  std::optional<RecordPattern> Pattern;
  std::vector<FilterBranch> Branches;
};

class SyncExpr : public NetExpr {
public:
  ASPEN_NODE_KIND(SyncExpr)
  SyncExpr() : NetExpr(ThisKind) {}
  std::vector<RecordPattern> Patterns;
};

//===----------------------------------------------------------------------===//
// Root module statements
//===----------------------------------------------------------------------===//

/// An argument of an instance declaration: a string literal (its text,
/// quotes and escapes included, as C++ reads it) or a constant expression.
struct InstanceArg {
  std::string String;           // when Int is null
  std::unique_ptr<IntExpr> Int; // a constant expression
  SourceRange Range;
};

struct Declarator {
  Name Ident;
  std::unique_ptr<IntExpr> Size; // null: a single instance, not a vector
  /// `FileSource src("in.txt");`: values for the module's parameters.
  std::vector<InstanceArg> Args;
  bool HasArgs = false; // `x()` as well as `x("a")`
  SourceRange Range;
};

/// `Chemical c[16], d;`
class InstanceDecl : public Stmt {
public:
  ASPEN_NODE_KIND(InstanceDecl)
  InstanceDecl() : Stmt(ThisKind) {}
  Name Module;
  std::vector<Declarator> Declarators;
};

/// `const int N = 16;`
class ConstDecl : public Stmt {
public:
  ASPEN_NODE_KIND(ConstDecl)
  ConstDecl() : Stmt(ThisKind) {}
  Name Ident;
  std::unique_ptr<IntExpr> Value;
};

/// `place p[0:3], r on node0;`
class PlaceStmt : public Stmt {
public:
  ASPEN_NODE_KIND(PlaceStmt)
  PlaceStmt() : Stmt(ThisKind) {}
  enum TargetKind { NodeName, NodeIndex };
  std::vector<InstanceRef> Refs;
  TargetKind Target = NodeName;
  Name Node;              // for NodeName: the hostfile name
  int64_t NodeNumber = 0; // for NodeIndex: 0-based line in the hostfile
};

/// `flow:`
class FlowLabel : public Stmt {
public:
  ASPEN_NODE_KIND(FlowLabel)
  FlowLabel() : Stmt(ThisKind) {}
};

/// `a ||| r(sum) ||| b, c;` Each stage is a comma-separated list.
class FlowStmt : public Stmt {
public:
  ASPEN_NODE_KIND(FlowStmt)
  FlowStmt() : Stmt(ThisKind) {}
  using Stage = std::vector<std::unique_ptr<NetExpr>>;
  std::vector<Stage> Stages;
  /// Between stage I and I + 1: `|||*`, every element of one to every
  /// element of the other but itself (a mesh), where `|||` pairs lists of
  /// equal length element by element. Where it stands.
  std::vector<bool> AllToAll;
  std::vector<SourceLoc> ConnectorLocs;
};

//===----------------------------------------------------------------------===//
// C++ bodies
//===----------------------------------------------------------------------===//

/// A C++ body: verbatim text interleaved with the Aspen extensions.
using CxxBody = std::vector<std::unique_ptr<CxxFragment>>;

/// Source text copied unchanged, comments and layout included. `Range.Begin`
/// is where the text starts, for `#line` mapping.
class CxxVerbatim : public CxxFragment {
public:
  ASPEN_NODE_KIND(CxxVerbatim)
  CxxVerbatim() : CxxFragment(ThisKind) {}
  std::string Text;
};

/// `send e;` or `send e on q;`
class SendStmt : public CxxFragment {
public:
  ASPEN_NODE_KIND(SendStmt)
  SendStmt() : CxxFragment(ThisKind) {}
  CxxBody Operand;
  std::optional<Name> Queue;
};

/// `dequeue()`, `dequeue(q)`, and the receive forms (docs/language.md
/// 5.4): `dequeue(a | b)`, `dequeue(a & b)`, `dequeue(q, within: d)`,
/// `dequeue(q, count: n)`, `dequeue(q, from: k)`.
class DequeueExpr : public CxxFragment {
public:
  ASPEN_NODE_KIND(DequeueExpr)
  DequeueExpr() : CxxFragment(ThisKind) {}
  /// The queues named, in order; none for `dequeue()`. `default` names the
  /// default queue in a list, as an empty Text.
  std::vector<Name> Queues;
  enum ListKind { One, Choice, Joined };
  ListKind List = One;
  /// `within: EXPR`, `count: EXPR`, `from: EXPR` (or `from: any`).
  struct Option {
    Name Key;
    CxxBody Value;
    bool Any = false; // `from: any`
  };
  std::optional<Option> Within, Count, From;
  /// `dequeue()` or `dequeue(q)`: an element, not a Received.
  bool isPlain() const { return List == One && !Within && !Count && !From; }
};

/// `getPayload(e)` or `getPayload<T>(e)`
class GetPayloadExpr : public CxxFragment {
public:
  ASPEN_NODE_KIND(GetPayloadExpr)
  GetPayloadExpr() : CxxFragment(ThisKind) {}
  std::optional<std::string> TypeArg; // verbatim text between < and >
  SourceLoc TypeArgLoc;               // where that text starts
  CxxBody Operand;
};

//===----------------------------------------------------------------------===//
// Top-level declarations
//===----------------------------------------------------------------------===//

/// A preprocessor line at top level; `#include` lines are also decoded.
class DirectiveDecl : public Decl {
public:
  ASPEN_NODE_KIND(DirectiveDecl)
  DirectiveDecl() : Decl(ThisKind) {}
  std::string Text;
  bool IsInclude = false;
  bool Angled = false;
  std::string IncludePath;
};

class RootModuleDecl : public Decl {
public:
  ASPEN_NODE_KIND(RootModuleDecl)
  RootModuleDecl() : Decl(ThisKind) {}
  Name Ident;
  std::vector<Name> Requires;
  SourceRange InitializeRange;
  std::vector<std::unique_ptr<Stmt>> Body;
};

class DeclareModuleDecl : public Decl {
public:
  ASPEN_NODE_KIND(DeclareModuleDecl)
  DeclareModuleDecl() : Decl(ThisKind) {}
  Name Ident;
  std::optional<CxxVerbatim> DataSection; // members, without the braces
  /// `parameters { std::string path; long block = 0; }`: members set from
  /// the arguments of an instance declaration, in this order.
  std::optional<CxxVerbatim> ParamSection;
  struct Param {
    Name Ident;
    bool HasDefault = false; // `= ...` or `{...}`: an argument may be left out
  };
  std::vector<Param> Params;
  std::vector<Name> InputQueues;
  std::vector<Name> OutputQueues;
  /// Standard library files only: `node_local { "STATE" }`, state the
  /// module's instances share that exists in one process only (the text
  /// between the quotes).
  std::optional<Name> NodeLocal;
};

class ActionModuleDecl : public Decl {
public:
  ASPEN_NODE_KIND(ActionModuleDecl)
  ActionModuleDecl() : Decl(ThisKind) {}
  Name Ident;
  CxxBody Body; // between the braces
};

class BoxModuleDecl : public Decl {
public:
  ASPEN_NODE_KIND(BoxModuleDecl)
  BoxModuleDecl() : Decl(ThisKind) {}
  Name Ident;
  Signature Sig;
  CxxBody Body; // verbatim C++ (no Aspen extensions are meaningful here)
};

/// `net N (sig) { nested nets } connect expr;`
class NetDecl : public Decl {
public:
  ASPEN_NODE_KIND(NetDecl)
  NetDecl() : Decl(ThisKind) {}
  Name Ident;
  std::optional<NetSignature> Sig;
  std::vector<std::unique_ptr<NetDecl>> Nested;
  std::unique_ptr<NetExpr> Body;
};

/// One parsed source file.
struct TranslationUnit {
  FileId File;
  std::vector<std::unique_ptr<Decl>> Decls;
};

#undef ASPEN_NODE_KIND

} // namespace aspen::ast

#endif // ASPEN_AST_AST_H
