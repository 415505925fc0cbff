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
      Out.setField(F.S, F.F);
  for (const Record::TagEntry *T = In.tagsBegin(); T != In.tagsEnd(); ++T)
    if (!IsConsumed(T->S, true) && !Out.hasTag(T->S))
      Out.tag(T->S, T->V);
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
