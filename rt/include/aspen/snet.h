//===- snet.h - Records, boxes and the S-Net network engine -----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What box code sees of S-Net: records (fields and tags by label), labels,
// and emit. aspenc compiles each network of a flow statement to a module
// instance whose property graph (aspen/gen/snet_graph.h, for generated
// code only) is built at start-up; records enter and leave it as
// payloads.
//
// Records run through the network on every worker of the program at once
// (see rt/lib/snet/Engine.h for how, and docs/runtime.md). Fields are shared,
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
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define ASPEN_SNET_TSAN 1
#endif
#endif
#if !defined(ASPEN_SNET_TSAN) && defined(__SANITIZE_THREAD__) // GCC's name
#define ASPEN_SNET_TSAN 1
#endif
#ifndef ASPEN_SNET_TSAN
#define ASPEN_SNET_TSAN 0
#endif

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
    // ThreadSanitizer does not model the fence below (it would report the
    // move as racing with the other owner's last read), so under it the
    // value is always copied where it can be.
#if ASPEN_SNET_TSAN
    constexpr bool MayMove = !std::is_copy_constructible_v<T>;
#else
    constexpr bool MayMove = true;
#endif
    if (MayMove && E->F.use_count() == 1) {
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
            addNewField(F.S, std::move(F.F));
            break;
          }
      }
    }
    // In's fields that moved are left empty: the caller drops In.
  }

  /// Flow inheritance: a label this record does not have (the caller
  /// knows), added without looking for it again.
  void addNewField(Sym Name, std::shared_ptr<const FieldBase> F) {
    if (Fields.empty())
      Fields.reserve(4);
    Fields.push_back({Name, std::move(F)});
  }
  void addNewTag(Sym Name, long Value) { appendTag({Name, Value}); }

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

/// What a box's code calls: `emit<K>(values...)` produces a record of
/// output variant K (1-based), values in the order the signature lists the
/// variant's labels. (Generated box classes derive from a subclass that
/// checks each emit against the box's signature at compile time.)
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
  // The record is new and a signature's labels are distinct (aspenc
  // refuses a label twice in a type): each is added without a look for it.
  template <typename V> static void put(Record &R, const Label &L, V &&Value) {
    if (L.IsTag) {
      if constexpr (std::is_integral_v<std::decay_t<V>> ||
                    std::is_enum_v<std::decay_t<V>>)
        R.addNewTag(L.S, long(Value));
      else
        throw std::invalid_argument("tag <" + L.S.name() +
                                    "> needs an integer");
    } else {
      R.addNewField(L.S, std::make_shared<FieldOf<std::decay_t<V>>>(
                             std::forward<V>(Value)));
    }
  }
};

/// A record's labels, `{a, <k>}`, for messages.
std::string describe(const Record &R);

} // namespace aspen::snet

#endif // ASPEN_SNET_H
