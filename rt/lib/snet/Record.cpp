//===- Record.cpp - Labels, records and matching --------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The parts of S-Net every engine step uses: interned labels, pattern
// matching and flow inheritance. The engine itself is in Engine.h and the files
// it lists.
//
//===----------------------------------------------------------------------===//

#include "aspen/gen/snet_graph.h"
#include "support/Support.h"
#include <deque>
#include <mutex>
#include <unordered_map>

using namespace aspen;
using namespace aspen::snet;

namespace {
/// Every label name the program uses; id 0 is the empty name of a default
/// Sym. Generated code interns its labels once, at start-up; user code that
/// names labels by string goes through a per-thread cache, so the lock is
/// taken once per name and thread.
struct SymTable {
  std::mutex M;
  std::unordered_map<std::string, uint32_t> Ids{{"", 0}};
  std::vector<std::unique_ptr<const std::string>> Names;
  SymTable() { Names.push_back(std::make_unique<const std::string>()); }
};
SymTable &symTable() {
  static SymTable T;
  return T;
}
} // namespace

Sym::Sym(const char *Name) {
  thread_local std::unordered_map<std::string, uint32_t> Cache;
  std::string Key(Name);
  auto It = Cache.find(Key);
  if (It != Cache.end()) {
    Id = It->second;
    return;
  }
  SymTable &T = symTable();
  {
    std::lock_guard<std::mutex> Lock(T.M);
    auto [Pos, New] = T.Ids.try_emplace(Key, uint32_t(T.Names.size()));
    if (New)
      T.Names.push_back(std::make_unique<const std::string>(Key));
    Id = Pos->second;
  }
  Cache.emplace(std::move(Key), Id);
}

const std::string &Sym::name() const {
  SymTable &T = symTable();
  std::lock_guard<std::mutex> Lock(T.M);
  return *T.Names.at(Id);
}

void aspen::snet::throwFieldTypeError(Sym Field, const std::type_info &Holds,
                                      const std::type_info &Wanted) {
  throw FieldTypeError("field '" + Field.name() + "' holds a value of type '" +
                       rt::demangle(Holds.name()) + "', not '" +
                       rt::demangle(Wanted.name()) + "'");
}

void aspen::snet::throwMissing(Sym Label, bool IsTag) {
  throw PayloadTypeError(IsTag ? "record has no tag '<" + Label.name() + ">'"
                               : "record has no field '" + Label.name() + "'");
}

void aspen::snet::throwShared(Sym Field) {
  throw PayloadTypeError("field '" + Field.name() +
                         "' is shared with another label or record (a "
                         "filter or flow inheritance copied it) and its "
                         "type cannot be copied: take it by const reference");
}

bool Pattern::matches(const Record &R) const {
  for (const Label &L : Type)
    if (L.IsTag ? !R.hasTag(L.S) : !R.hasField(L.S))
      return false;
  return !Guard || Guard(R);
}

void aspen::snet::inherit(Record &Out, const Record &In,
                          const Labels &Consumed) {
  auto IsConsumed = [&](Sym N, bool Tag) {
    for (const Label &L : Consumed)
      if (L.S == N && L.IsTag == Tag)
        return true;
    return false;
  };
  for (const Record::FieldEntry &F : In.fields())
    if (!IsConsumed(F.S, false) && !Out.hasField(F.S))
      Out.addNewField(F.S, F.F);
  for (const Record::TagEntry *T = In.tagsBegin(); T != In.tagsEnd(); ++T)
    if (!IsConsumed(T->S, true) && !Out.hasTag(T->S))
      Out.addNewTag(T->S, T->V);
}

std::string aspen::snet::describe(const Record &R) {
  std::string S = "{";
  for (const Record::FieldEntry &F : R.fields())
    S += (S.size() > 1 ? ", " : "") + F.S.name();
  for (const Record::TagEntry *T = R.tagsBegin(); T != R.tagsEnd(); ++T)
    S += (S.size() > 1 ? ", <" : "<") + T->S.name() + ">";
  return S + "}";
}

void aspen::snet::tagOverflow(const char *Op, long A, long B) {
  throw TagError("the value of " + std::to_string(A) + " " + Op + " " +
                 std::to_string(B) + " does not fit in a tag (64 bits)");
}

void aspen::snet::tagDivByZero(const char *Op, long A) {
  throw TagError(std::string(*Op == '/' ? "division" : "remainder") +
                 " by zero: " + std::to_string(A) + " " + Op + " 0");
}

void aspen::snet::tagErrorAt(const TagError &X, const char *Where) {
  throw TagError(std::string(Where) + ": " + X.what());
}

//===----------------------------------------------------------------------===//
// Building a network's graph (what generated code calls)
//===----------------------------------------------------------------------===//

Graph::Graph() = default;
Graph::Graph(Graph &&) noexcept = default;
Graph::~Graph() = default;

Labels aspen::snet::parseLabels(const char *Text) {
  Labels L;
  std::string Word;
  auto Flush = [&] {
    if (Word.empty())
      return;
    bool Tag = Word.size() > 2 && Word.front() == '<' && Word.back() == '>';
    L.emplace_back((Tag ? Word.substr(1, Word.size() - 2) : Word).c_str(), Tag);
    Word.clear();
  };
  for (const char *C = Text; *C; ++C) {
    if (*C == ' ')
      Flush();
    else
      Word += *C;
  }
  Flush();
  return L;
}

namespace {
/// What labelList and labelLists keep: never moved (a deque), freed at exit.
struct KeptLabels {
  std::mutex M;
  std::deque<Labels> Lists;
  std::deque<std::vector<Labels>> Variants;
};
KeptLabels &keptLabels() {
  static KeptLabels K;
  return K;
}
} // namespace

const Labels &aspen::snet::labelList(const char *Text) {
  Labels L = parseLabels(Text);
  KeptLabels &K = keptLabels();
  std::lock_guard<std::mutex> Lock(K.M);
  return K.Lists.emplace_back(std::move(L));
}

const std::vector<Labels> &
aspen::snet::labelLists(std::initializer_list<const char *> Texts) {
  std::vector<Labels> V;
  for (const char *T : Texts)
    V.push_back(parseLabels(T));
  KeptLabels &K = keptLabels();
  std::lock_guard<std::mutex> Lock(K.M);
  return K.Variants.emplace_back(std::move(V));
}

int GraphBuilder::node(Node::Kind K, const char *Where) {
  Node N;
  N.K = K;
  N.Where = Where;
  return G.add(std::move(N));
}
void GraphBuilder::child(int N, int Child) {
  G.Nodes.at(size_t(N)).Children.push_back(Child);
}
void GraphBuilder::pattern(int N, const char *Labels, GuardFn Guard) {
  G.Nodes.at(size_t(N)).Patterns.push_back(Pattern{parseLabels(Labels), Guard});
}
void GraphBuilder::branch(int N) {
  G.Nodes.at(size_t(N)).BranchInputs.emplace_back();
}
void GraphBuilder::branchType(int N, const char *Labels) {
  G.Nodes.at(size_t(N)).BranchInputs.back().push_back(parseLabels(Labels));
}
void GraphBuilder::box(int N, const char *Name, BoxFn F) {
  Node &Nd = G.Nodes.at(size_t(N));
  Nd.Name = Name;
  Nd.BoxFun = F;
}
void GraphBuilder::filter(int N, FilterFn F) {
  G.Nodes.at(size_t(N)).FilterFun = F;
}
void GraphBuilder::splitTag(int N, const char *Tag) {
  G.Nodes.at(size_t(N)).Tag = Sym(Tag);
}
void GraphBuilder::deterministic(int N) {
  G.Nodes.at(size_t(N)).Deterministic = true;
}
void GraphBuilder::initialiser(int N) {
  G.Nodes.at(size_t(N)).Initialiser = true;
}
Graph GraphBuilder::finish(int Root) {
  G.Root = Root;
  return std::move(G);
}

PatternSet::PatternSet(const char *const *Labels, const GuardFn *Guards,
                       size_t N) {
  for (size_t I = 0; I < N; ++I)
    Ps.push_back(Pattern{parseLabels(Labels[I]), Guards[I]});
}
PatternSet::~PatternSet() = default;
bool PatternSet::matchesAny(const Record &R) const {
  for (const Pattern &P : Ps)
    if (P.matches(R))
      return true;
  return false;
}
