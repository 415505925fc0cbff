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
// Records run through the network on every worker of the program at once
// (see SNetEngine.cpp for how, and docs/runtime.md). Fields are shared,
// immutable once set, so a filter that duplicates a field copies a pointer,
// never the value.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_SNET_H
#define ASPEN_SNET_H

#include "aspen/runtime.h"
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

namespace aspen::snet {

//===----------------------------------------------------------------------===//
// Labels
//===----------------------------------------------------------------------===//

/// An interned label name: records, patterns and generated code compare
/// labels as integers, never as strings.
struct Sym {
  Sym() = default;
  Sym(const char *Name);
  Sym(const std::string &Name) : Sym(Name.c_str()) {}
  uint32_t Id = 0;
  bool operator==(Sym O) const { return Id == O.Id; }
  bool operator!=(Sym O) const { return Id != O.Id; }
  const std::string &name() const;
};

/// The Sym of a string literal, interned once per use site: each lambda has
/// its own static. Generated code names labels with it.
#define ASPEN_SNET_SYM(Name)                                                   \
  ([]() -> ::aspen::snet::Sym {                                                \
    static const ::aspen::snet::Sym S(Name);                                   \
    return S;                                                                  \
  }())

//===----------------------------------------------------------------------===//
// Records
//===----------------------------------------------------------------------===//

/// A field's value. Its type is kept as a pointer so that reading a field
/// checks it with one comparison (the type_info objects of one program are
/// unique but for types seen in several shared objects, which fall back to
/// comparing names), not a dynamic_cast.
struct FieldBase {
  explicit FieldBase(const std::type_info &T) : Type(&T) {}
  virtual ~FieldBase() = default;
  const std::type_info &type() const { return *Type; }
  template <typename T> bool holds() const {
    return Type == &typeid(T) || *Type == typeid(T);
  }
  const std::type_info *Type;
};
template <typename T> struct FieldOf final : FieldBase {
  explicit FieldOf(T V) : FieldBase(typeid(T)), Value(std::move(V)) {}
  T Value;
};

/// A field read as another type than the one it holds.
struct FieldTypeError : PayloadTypeError {
  using PayloadTypeError::PayloadTypeError;
};
[[noreturn]] void throwFieldTypeError(Sym Field, const std::type_info &Holds,
                                      const std::type_info &Wanted);
[[noreturn]] void throwMissing(Sym Label, bool IsTag);
[[noreturn]] void throwShared(Sym Field);

/// One label of a record type as written: a field or a `<tag>`.
struct Label {
  Label(const char *Name, bool IsTag) : S(Name), IsTag(IsTag) {}
  Sym S;
  bool IsTag = false;
};
using Labels = std::vector<Label>;

/// A set of named fields (any C++ values) and integer tags. A record has
/// few labels, so both are flat arrays searched linearly; tags live inline
/// up to a small count, so records of tags only never allocate. Field
/// values are shared and immutable once set: the runtime moves records and
/// copies field pointers (flow inheritance, filters), never the values.
class Record final : public Payload {
public:
  struct TagEntry {
    Sym S;
    long V;
  };
  struct FieldEntry {
    Sym S;
    std::shared_ptr<const FieldBase> F;
  };

  Record() = default;
  Record(Record &&O) noexcept { moveFrom(O); }
  Record &operator=(Record &&O) noexcept {
    if (this != &O) {
      freeTags();
      moveFrom(O);
    }
    return *this;
  }
  Record(const Record &O) : Fields(O.Fields) { copyTags(O); }
  Record &operator=(const Record &O) {
    if (this != &O) {
      Fields = O.Fields;
      freeTags();
      copyTags(O);
    }
    return *this;
  }
  ~Record() override { freeTags(); }
  Payload *clone() const override { return new Record(*this); }

  // Labels are Syms; a string or a string literal converts to one.
  template <typename T> Record &field(Sym Name, T Value) {
    // Not made const: a box that consumes the only reference to a field
    // may move its value out (takeOrCopy).
    setField(Name,
             std::make_shared<FieldOf<std::decay_t<T>>>(std::move(Value)));
    return *this;
  }
  Record &tag(Sym Name, long Value) {
    if (TagEntry *E = findTag(Name))
      E->V = Value;
    else
      appendTag({Name, Value});
    return *this;
  }
  template <typename T> const T &get(Sym Name) const {
    const FieldEntry *E = findField(Name);
    if (!E)
      throwMissing(Name, false);
    using U = std::remove_cv_t<T>;
    if (!E->F->template holds<U>())
      throwFieldTypeError(Name, E->F->type(), typeid(T));
    return static_cast<const FieldOf<U> *>(E->F.get())->Value;
  }
  /// A box's argument from the record it consumes: the value is moved out
  /// when this record holds the only reference to the field (no other
  /// record can read it again), and copied otherwise. A moved value saves
  /// a pair of reference-count writes for values such as shared_ptrs,
  /// whose counts other cores write too.
  template <typename T> T takeOrCopy(Sym Name) {
    const FieldEntry *E = findField(Name);
    if (!E)
      throwMissing(Name, false);
    if (!E->F->template holds<T>())
      throwFieldTypeError(Name, E->F->type(), typeid(T));
    auto *F =
        const_cast<FieldOf<T> *>(static_cast<const FieldOf<T> *>(E->F.get()));
    if (E->F.use_count() == 1) {
      // The last other owner (a record that shared the field through a
      // filter, on another worker) released its reference with a release
      // decrement after its last read of the value: acquire it before
      // moving the value away. On x86 this orders only the compiler.
      std::atomic_thread_fence(std::memory_order_acquire);
      return std::move(F->Value);
    }
    if constexpr (std::is_copy_constructible_v<T>)
      return F->Value;
    else
      throwShared(Name);
  }
  long tag(Sym Name) const {
    const TagEntry *E = findTag(Name);
    if (!E)
      throwMissing(Name, true);
    return E->V;
  }
  bool empty() const { return Fields.empty() && NumTags == 0; }
  bool hasField(Sym N) const { return findField(N) != nullptr; }
  bool hasTag(Sym N) const { return findTag(N) != nullptr; }

  /// A synchro-cell's merge, into the record its first pattern holds: the
  /// labels of In's pattern (Only) that this record lacks, moved, since In
  /// is consumed (no reference counts written for fields). In's other
  /// labels are dropped: only the first pattern's record flow-inherits
  /// (as in the S-Net reference runtime, and as aspenc types the merge).
  void absorb(Record &&In, const std::vector<Label> &Only) {
    for (const Label &L : Only) {
      if (L.IsTag) {
        if (!hasTag(L.S))
          if (const TagEntry *T = In.findTag(L.S))
            appendTag(*T);
      } else if (!hasField(L.S)) {
        for (FieldEntry &F : In.Fields)
          if (F.S == L.S && F.F) {
            setField(F.S, std::move(F.F));
            break;
          }
      }
    }
    // In's fields that moved are left empty: the caller drops In.
  }

  /// Filters: `To = From` of record In, sharing the value.
  void copyField(Sym To, const Record &In, Sym From) {
    const FieldEntry *E = In.findField(From);
    if (!E)
      throwMissing(From, false);
    setField(To, E->F);
  }
  void setField(Sym Name, std::shared_ptr<const FieldBase> F) {
    for (FieldEntry &E : Fields)
      if (E.S == Name) {
        E.F = std::move(F);
        return;
      }
    // Records have a few fields, and flow inheritance adds them one at a
    // time: one allocation for the first four, not one per doubling.
    if (Fields.empty())
      Fields.reserve(4);
    Fields.push_back({Name, std::move(F)});
  }
  const FieldEntry *findField(Sym N) const {
    for (const FieldEntry &E : Fields)
      if (E.S == N)
        return &E;
    return nullptr;
  }
  const TagEntry *findTag(Sym N) const {
    for (uint32_t I = 0; I < NumTags; ++I)
      if (Tags[I].S == N)
        return &Tags[I];
    return nullptr;
  }
  TagEntry *findTag(Sym N) {
    return const_cast<TagEntry *>(std::as_const(*this).findTag(N));
  }
  const TagEntry *tagsBegin() const { return Tags; }
  const TagEntry *tagsEnd() const { return Tags + NumTags; }
  const std::vector<FieldEntry> &fields() const { return Fields; }

private:
  static constexpr uint32_t InlineTags = 4;
  void appendTag(TagEntry E) {
    if (NumTags == Capacity) {
      uint32_t NewCap = Capacity * 2, Count = NumTags;
      auto *N = new TagEntry[NewCap];
      std::copy(Tags, Tags + Count, N);
      freeTags(); // which forgets the count
      Tags = N;
      Capacity = NewCap;
      NumTags = Count;
    }
    Tags[NumTags++] = E;
  }
  void freeTags() {
    if (Tags != Inline)
      delete[] Tags;
    Tags = Inline;
    Capacity = InlineTags;
    NumTags = 0;
  }
  void copyTags(const Record &O) {
    if (O.NumTags > InlineTags) {
      Tags = new TagEntry[O.NumTags];
      Capacity = O.NumTags;
    }
    std::copy(O.Tags, O.Tags + O.NumTags, Tags);
    NumTags = O.NumTags;
  }
  void moveFrom(Record &O) {
    Fields = std::move(O.Fields);
    if (O.Tags == O.Inline) {
      std::copy(O.Tags, O.Tags + O.NumTags, Inline);
      Tags = Inline;
      Capacity = InlineTags;
    } else {
      Tags = O.Tags;
      Capacity = O.Capacity;
      O.Tags = O.Inline;
      O.Capacity = InlineTags;
    }
    NumTags = O.NumTags;
    O.NumTags = 0;
  }

  std::vector<FieldEntry> Fields;
  TagEntry Inline[InlineTags];
  TagEntry *Tags = Inline;
  uint32_t NumTags = 0;
  uint32_t Capacity = InlineTags;
};

//===----------------------------------------------------------------------===//
// Boxes
//===----------------------------------------------------------------------===//

/// Base of every generated box class: `emit<K>(values...)` produces a record
/// of output variant K (1-based), values in the order the signature lists
/// the variant's labels.
class BoxBase {
public:
  template <int K, typename... A> void emit(A &&...Values) {
    const Labels &L = Variants->at(K - 1);
    if (sizeof...(A) != L.size())
      throw std::invalid_argument("emit<" + std::to_string(K) +
                                  ">: wrong number of values");
    Record R;
    size_t I = 0;
    (put(R, L[I++], std::forward<A>(Values)), ...);
    Out->push_back(std::move(R));
  }

  const std::vector<Labels> *Variants = nullptr;
  std::vector<Record> *Out = nullptr;

private:
  template <typename V> static void put(Record &R, const Label &L, V &&Value) {
    if (L.IsTag) {
      if constexpr (std::is_integral_v<std::decay_t<V>> ||
                    std::is_enum_v<std::decay_t<V>>)
        R.tag(L.S, long(Value));
      else
        throw std::invalid_argument("tag <" + L.S.name() +
                                    "> needs an integer");
    } else {
      R.field(L.S, std::forward<V>(Value));
    }
  }
};

/// A box's signature as types, generated by aspenc, so that emit<K> and
/// box() are checked by Clang against it: one bool per label of a variant,
/// true for a tag.
template <bool... IsTag> struct Variant {
  static constexpr size_t Size = sizeof...(IsTag);
  static constexpr bool Tags[sizeof...(IsTag) + 1] = {IsTag..., false};
};
template <typename In, typename... Outs> struct Signature {
  using Input = In;
  static constexpr size_t NumOutputs = sizeof...(Outs);
  using Outputs = std::tuple<Outs...>;
};

/// Base of every generated box class: BoxBase's emit, checked at compile
/// time against the box's signature.
template <typename Sig> class Box : public BoxBase {
public:
  template <int K, typename... A> void emit(A &&...Values) {
    static_assert(K >= 1 && size_t(K) <= Sig::NumOutputs,
                  "emit<K>: K must number one of the box signature's output "
                  "variants, counting from 1");
    if constexpr (K >= 1 && size_t(K) <= Sig::NumOutputs) {
      using V = std::tuple_element_t<K - 1, typename Sig::Outputs>;
      static_assert(sizeof...(A) == V::Size,
                    "emit<K>: give one value for each label of output "
                    "variant K, in the signature's order");
      if constexpr (sizeof...(A) == V::Size) {
        checkTags<V, A...>(std::index_sequence_for<A...>{});
        BoxBase::emit<K>(std::forward<A>(Values)...);
      }
    }
  }

private:
  template <typename V, typename... A, size_t... I>
  static void checkTags(std::index_sequence<I...>) {
    static_assert(((!V::Tags[I] || std::is_integral_v<std::decay_t<A>> ||
                    std::is_enum_v<std::decay_t<A>>)&&...),
                  "emit<K>: the value of a tag must be an integer");
  }
};

namespace detail {
/// The box's input record is consumed by the call: a parameter taken by
/// value gets its field's value moved when the record holds it alone. A
/// tag is an integer made for the call (so it may be taken by value or by
/// const reference).
template <typename T, bool IsTag>
decltype(auto) argFor(Record &In, const Label &L) {
  using V = std::decay_t<T>;
  if constexpr (IsTag)
    return V(In.tag(L.S));
  else if constexpr (!std::is_lvalue_reference_v<T>)
    return In.takeOrCopy<V>(L.S);
  else
    return In.get<V>(L.S);
}
template <typename In, typename C, typename... A, size_t... I>
void call(C &Box, void (C::*F)(A...), Record &R, const Labels &L,
          std::index_sequence<I...>) {
  (Box.*F)(argFor<A, In::Tags[I]>(R, L[I])...);
}
template <typename In, typename... A, size_t... I>
constexpr void checkParams(std::index_sequence<I...>) {
  static_assert(((!In::Tags[I] || std::is_integral_v<std::decay_t<A>>)&&...),
                "box(): a tag of the signature's input is an integer "
                "parameter (long, or int)");
  static_assert(
      ((!std::is_lvalue_reference_v<A> ||
        std::is_const_v<std::remove_reference_t<A>>)&&...),
      "box(): take the input's labels by value or by const reference (a "
      "field may be shared with other records)");
}
} // namespace detail

/// Calls `Box.box(...)` with the input record's labels in signature order.
/// The record is consumed: the values of its fields may be moved out.
template <typename Sig, typename C, typename... A>
void invokeBox(C &Box, void (C::*F)(A...), Record &In, const Labels &L) {
  using Input = typename Sig::Input;
  static_assert(sizeof...(A) == Input::Size,
                "box() takes one parameter for each label of its signature's "
                "input, in the signature's order");
  if constexpr (sizeof...(A) == Input::Size) {
    detail::checkParams<Input, A...>(std::index_sequence_for<A...>{});
    detail::call<Input>(Box, F, In, L, std::index_sequence_for<A...>{});
  }
}

//===----------------------------------------------------------------------===//
// Tag arithmetic
//===----------------------------------------------------------------------===//
//
// Guards and filters compute on tags with these: a division by zero or an
// overflow is an error naming the expression (tagErrorAt, from the
// generated guard or filter), not SIGFPE or a wrapped value.

/// A tag expression that has no value.
struct TagError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void tagOverflow(const char *Op, long A, long B);
[[noreturn]] void tagDivByZero(const char *Op, long A);
/// Rethrows X with where it happened: "the filter at main.asp:3:7".
[[noreturn]] void tagErrorAt(const TagError &X, const char *Where);

inline long tagAdd(long A, long B) {
  long R;
  if (__builtin_add_overflow(A, B, &R))
    tagOverflow("+", A, B);
  return R;
}
inline long tagSub(long A, long B) {
  long R;
  if (__builtin_sub_overflow(A, B, &R))
    tagOverflow("-", A, B);
  return R;
}
inline long tagMul(long A, long B) {
  long R;
  if (__builtin_mul_overflow(A, B, &R))
    tagOverflow("*", A, B);
  return R;
}
inline long tagDiv(long A, long B) {
  if (B == 0)
    tagDivByZero("/", A);
  if (B == -1 && A == std::numeric_limits<long>::min())
    tagOverflow("/", A, B);
  return A / B;
}
inline long tagMod(long A, long B) {
  if (B == 0)
    tagDivByZero("%", A);
  return B == -1 ? 0 : A % B;
}
inline long tagNeg(long A) { return tagSub(0, A); }

//===----------------------------------------------------------------------===//
// The property graph
//===----------------------------------------------------------------------===//

/// A box consumes its input record (its fields' values may be moved out).
using BoxFn = void (*)(Record &In, std::vector<Record> &Out);
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
  /// `file:line:col` of the combinator, filter or cell in the program, for
  /// run-time errors.
  std::string Where;
  std::vector<int> Children;
  std::vector<Pattern> Patterns; // Box: input; Star/Feedback; Filter; Sync
  /// Parallel: the input types each branch accepts (for best-match routing).
  std::vector<std::vector<Labels>> BranchInputs;
  Sym Tag; // Split
  BoxFn BoxFun = nullptr;
  FilterFn FilterFun = nullptr;
  /// Boxes: how many records may run through it at once (0: one per worker).
  unsigned Concurrency = 0;
};

/// Generated code registers every box of the program at start-up, so that
/// ASPEN_SNET_CONCURRENCY can be checked against their names.
bool registerBox(const char *Name);

/// The static property graph of one network, built by generated code at
/// start-up. Entities (box and synchro-cell state, star and split replicas)
/// are created from it on demand by the engine (SNetEngine.cpp).
class Graph {
public:
  int add(Node N) {
    Nodes.push_back(std::move(N));
    return int(Nodes.size() - 1);
  }
  std::vector<Node> Nodes;
  int Root = 0;
};

/// Flow inheritance: `Out` gets every label of `In` that `Consumed` does
/// not name and `Out` does not already have.
void inherit(Record &Out, const Record &In, const Labels &Consumed);

/// A record's labels, `{a, <k>}`, for messages.
std::string describe(const Record &R);

/// The body of a network instance: records dequeued from input port 0 run
/// through G on the program's workers; what leaves goes out on port 0.
/// Returns when the input stream has ended and every record has left.
void runNetwork(ModuleBase &Self, const Graph &G);

} // namespace aspen::snet

#endif // ASPEN_SNET_H
