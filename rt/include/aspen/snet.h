//===- snet.h - Records, boxes and the S-Net network engine -----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What an S-Net network is made of at run time. aspenc compiles each network
// of a flow statement to a module instance whose graph is built with
// Graph's methods; records enter and leave it as payloads.
//
// This engine runs a network's records one at a time, depth first, inside
// its one instance: semantics first (routing, flow inheritance, star, split
// and feedback unfolded on demand, synchro-cell state per replica), order
// per stream preserved trivially. Fields are shared, immutable once set, so
// a filter that duplicates a field copies a pointer, never the value.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_SNET_H
#define ASPEN_SNET_H

#include "aspen/runtime.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <utility>
#include <vector>

namespace aspen::snet {

//===----------------------------------------------------------------------===//
// Records
//===----------------------------------------------------------------------===//

struct FieldBase {
  virtual ~FieldBase() = default;
  virtual const std::type_info &type() const = 0;
};
template <typename T> struct FieldOf final : FieldBase {
  explicit FieldOf(T V) : Value(std::move(V)) {}
  const std::type_info &type() const override { return typeid(T); }
  T Value;
};

[[noreturn]] void throwFieldTypeError(const std::string &Field,
                                      const std::type_info &Holds,
                                      const std::type_info &Wanted);

/// A set of named fields (any C++ values) and integer tags.
class Record final : public Payload {
public:
  Record() = default;
  Record(Record &&) = default;
  Record &operator=(Record &&) = default;
  Record(const Record &) = default; // fields are shared, not copied
  Payload *clone() const override { return new Record(*this); }

  template <typename T> Record &field(const std::string &Name, T Value) {
    Fields[Name] = std::make_shared<FieldOf<std::decay_t<T>>>(std::move(Value));
    return *this;
  }
  Record &tag(const std::string &Name, long Value) {
    Tags[Name] = Value;
    return *this;
  }
  template <typename T> const T &get(const std::string &Name) const {
    auto It = Fields.find(Name);
    if (It == Fields.end())
      throw PayloadTypeError("record has no field '" + Name + "'");
    auto *F = dynamic_cast<const FieldOf<T> *>(It->second.get());
    if (!F)
      throwFieldTypeError(Name, It->second->type(), typeid(T));
    return F->Value;
  }
  long tag(const std::string &Name) const {
    auto It = Tags.find(Name);
    if (It == Tags.end())
      throw PayloadTypeError("record has no tag '<" + Name + ">'");
    return It->second;
  }
  bool hasField(const std::string &N) const { return Fields.count(N) != 0; }
  bool hasTag(const std::string &N) const { return Tags.count(N) != 0; }

  std::map<std::string, std::shared_ptr<FieldBase>> Fields;
  std::map<std::string, long> Tags;
};

//===----------------------------------------------------------------------===//
// Boxes
//===----------------------------------------------------------------------===//

/// One label of a record type as written: a field or a `<tag>`.
struct Label {
  std::string Name;
  bool IsTag = false;
};
using Labels = std::vector<Label>;

/// Base of every generated box class: `emit<K>(values...)` produces a record
/// of output variant K (1-based), values in the order the signature lists
/// the variant's labels.
class BoxBase {
public:
  template <int K, typename... A> void emit(A &&...Values) {
    const Labels &L = Variants.at(K - 1);
    if (sizeof...(A) != L.size())
      throw std::invalid_argument("emit<" + std::to_string(K) +
                                  ">: wrong number of values");
    Record R;
    size_t I = 0;
    (put(R, L[I++], std::forward<A>(Values)), ...);
    Out->push_back(std::move(R));
  }

  std::vector<Labels> Variants;
  std::vector<Record> *Out = nullptr;

private:
  template <typename V> static void put(Record &R, const Label &L, V &&Value) {
    if (L.IsTag) {
      if constexpr (std::is_integral_v<std::decay_t<V>>)
        R.tag(L.Name, long(Value));
      else
        throw std::invalid_argument("tag <" + L.Name + "> needs an integer");
    } else {
      R.field(L.Name, std::forward<V>(Value));
    }
  }
};

namespace detail {
template <typename T> T argFor(const Record &In, const Label &L) {
  using V = std::decay_t<T>;
  if constexpr (std::is_integral_v<V>)
    if (L.IsTag)
      return V(In.tag(L.Name));
  return In.get<V>(L.Name);
}
template <typename C, typename... A, size_t... I>
void call(C &Box, void (C::*F)(A...), const Record &In, const Labels &L,
          std::index_sequence<I...>) {
  (Box.*F)(argFor<A>(In, L[I])...);
}
} // namespace detail

/// Calls `Box.box(...)` with the input record's labels in signature order.
template <typename C, typename... A>
void invokeBox(C &Box, void (C::*F)(A...), const Record &In, const Labels &L) {
  if (sizeof...(A) != L.size())
    throw std::invalid_argument("box function takes " +
                                std::to_string(sizeof...(A)) +
                                " values; its signature's input has " +
                                std::to_string(L.size()) + " labels");
  detail::call(Box, F, In, L, std::index_sequence_for<A...>{});
}

//===----------------------------------------------------------------------===//
// The network
//===----------------------------------------------------------------------===//

using BoxFn = void (*)(const Record &In, std::vector<Record> &Out);
using GuardFn = bool (*)(const Record &);
using FilterFn = void (*)(const Record &In, std::vector<Record> &Out);

struct Pattern {
  Labels Type;
  GuardFn Guard = nullptr;
  bool matches(const Record &R) const;
};

struct Node {
  enum Kind { Box, Serial, Parallel, Star, Split, Feedback, Filter, Sync };
  Kind K = Box;
  std::string Name;
  std::vector<int> Children;
  std::vector<Pattern> Patterns; // Box: input; Star/Feedback; Filter; Sync
  /// Parallel: the input types each branch accepts (for best-match routing).
  std::vector<std::vector<Labels>> BranchInputs;
  std::string Tag; // Split
  BoxFn BoxFun = nullptr;
  FilterFn FilterFun = nullptr;
};

/// The static property graph of one network.
class Graph {
public:
  int add(Node N) {
    Nodes.push_back(std::move(N));
    return int(Nodes.size() - 1);
  }
  std::vector<Node> Nodes;
  int Root = 0;
};

/// Runs records through a Graph; entities (star depths, split replicas,
/// synchro-cell state) are created on demand and keyed by their path.
class Engine {
public:
  explicit Engine(const Graph &G) : G(G) {}

  /// Feeds one record in; every record the network emits is passed to
  /// `Emit` before this returns.
  void run(Record In, const std::function<void(Record)> &Emit);

private:
  struct Frame; // where a record continues after a node
  using Cont = std::shared_ptr<const Frame>;
  struct Frame {
    int Node;
    long Value; // Serial: next child; Star: depth; Split: tag value
    Cont Next;
  };
  struct Work {
    bool Enter; // enter Node with Rec, or return Rec to K
    int Node;
    Record Rec;
    Cont K;
  };
  struct SyncState {
    std::vector<std::optional<Record>> Held;
    bool Fired = false;
  };

  void enter(int N, Record R, const Cont &K);
  void leave(Record R, const Cont &K);
  std::string pathOf(int N, const Cont &K) const;

  const Graph &G;
  std::vector<Work> Stack;
  const std::function<void(Record)> *Emit = nullptr;
  std::map<std::string, SyncState> Syncs;
};

/// Flow inheritance: `Out` gets every label of `In` that `Consumed` does
/// not name and `Out` does not already have.
void inherit(Record &Out, const Record &In, const Labels &Consumed);

} // namespace aspen::snet

#endif // ASPEN_SNET_H
