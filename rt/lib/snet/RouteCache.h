//===- RouteCache.h - Routes taken before, replayed -------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Routing a record (Routing.cpp) walks the property graph node by node: a
// parallel composition tries the record against every branch's input
// types, a star or a feedback loop against its exit pattern, and every
// combinator pushes or pops a frame of the record's continuation. Counted
// with cachegrind on the data-driven Cholesky, that walk was a third of
// the engine's instructions per kernel call. Yet where a record goes
// depends only on:
//  - where it starts: the node it enters, or the frame it leaves (the graph
//    is a tree, so one node fixes every frame above it, and the values of
//    the serial compositions' frames with it);
//  - its labels (its type), through the branches it is dispatched to and
//    the exit patterns it matches, when none of those has a guard;
// and not on tag values, which only fill in the frames a split pushes. So
// each runner keeps the routes it walked, keyed by both, as the frame
// operations they made, and replays one for a record of the same labels
// from the same place: the same frames, the same dispatch counts, the same
// entity, without a pattern test or a switch per node.
//
// A route ends before a filter (its code makes the records that go on) and
// before an exit pattern with a guard (it reads tag values): that step is
// walked, and the next route starts after it. A route that meets a
// deterministic combinator (its tickets are per record) or a star or split
// whose replicas fire initialisers (a record may make a replica) is walked
// every time; the cache remembers so, to spare recording it again.
//
// Per runner, so no locks: each helper learns the few routes of a network
// on its own (a few dozen for the examples). A record is compared label by
// label with the route's (LabelSeq), never by a hash. A set holds up to 16
// routes (a start sees one type per output variant of a box, or so); when
// more meet in a set, they replace one another in turn, and after 4,096
// replacements the set records no more: its routes are only walked.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SNET_ROUTECACHE_H
#define ASPEN_RT_SNET_ROUTECACHE_H

#include "aspen/snet.h"
#include <cstdint>
#include <memory>
#include <vector>

namespace aspen::snet::engine {

/// One step of a route, applied to a record's continuation in order.
struct RouteOp {
  enum Kind : uint8_t {
    Push,     // push {Node, Replica, Value}
    PushTag,  // push {Node, replica, the record's tag Value (a Sym's id)}
    Pop,      // pop the Value innermost frames
    SetTop,   // the innermost frame's value becomes Value (a serial's next)
    IncTop,   // the innermost frame's value goes up by one (a star's depth)
    Fired,    // a dispatch of parallel composition Node (ASPEN_STATS)
    ToEntity, // the record reaches box or cell Node: the route ends
    ToExit,   // the record leaves the network: the route ends
    Resume,   // the route ends before a filter or a guard, which are walked
              // (entering Node if Replica, else leaving the innermost frame)
  };
  Kind K;
  bool Replica = false;
  int32_t Node = 0;
  long Value = 0;
};

/// Where a route starts: entering Node, or leaving the innermost frame
/// (Node its node, Value its value if a serial's), at depth Depth.
struct RouteKey {
  bool Enter = false;
  int32_t Node = 0;
  long Value = 0;
  uint32_t Depth = 0;
  bool operator==(const RouteKey &O) const {
    return Enter == O.Enter && Node == O.Node && Value == O.Value &&
           Depth == O.Depth;
  }
  uint64_t hash() const {
    uint64_t H = uint64_t(uint32_t(Node)) << 1 | uint64_t(Enter);
    H ^= (uint64_t(Value) + 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
    H ^= uint64_t(Depth) << 40;
    H ^= H >> 31;
    return H * 0x94D049BB133111EBull;
  }
};

/// A record's labels in its order: its fields' Sym ids, then its tags'.
/// Records made alike (by one box's emit, one filter's output) have their
/// labels in the same order; one made otherwise compares unequal, which
/// costs a second entry where one is kept, never a wrong answer. Compared
/// label by label, which is no dearer than hashing them would be.
struct LabelSeq {
  uint32_t NumFields = 0, NumTags = 0;
  std::vector<uint32_t> Ids;
  void assign(const Record &R) {
    Ids.clear();
    for (const Record::FieldEntry &F : R.fields())
      Ids.push_back(F.S.Id);
    NumFields = uint32_t(Ids.size());
    for (const Record::TagEntry *T = R.tagsBegin(); T != R.tagsEnd(); ++T)
      Ids.push_back(T->S.Id);
    NumTags = uint32_t(Ids.size()) - NumFields;
  }
  /// R has these labels, in this order: the same type (a record's labels
  /// are distinct).
  bool fits(const Record &R) const {
    const std::vector<Record::FieldEntry> &Fs = R.fields();
    if (Fs.size() != NumFields ||
        uint32_t(R.tagsEnd() - R.tagsBegin()) != NumTags)
      return false;
    const uint32_t *L = Ids.data();
    for (const Record::FieldEntry &F : Fs)
      if (F.S.Id != *L++)
        return false;
    for (const Record::TagEntry *T = R.tagsBegin(); T != R.tagsEnd(); ++T)
      if (T->S.Id != *L++)
        return false;
    return true;
  }
};

class RouteCache {
public:
  /// Routes longer than this are walked each time.
  static constexpr size_t MaxOps = 64;
  /// Routes a set holds, and how many it replaces before it stops
  /// recording (worthRecording).
  static constexpr size_t Ways = 16;
  static constexpr uint32_t MaxReplaced = 4096;

  struct Entry {
    RouteKey Key;
    bool Walk = false; // not kept: walked every time
    LabelSeq Labels;
    std::vector<RouteOp> Ops;
  };

  /// The route from K for a record of R's labels, or null.
  const Entry *find(const RouteKey &K, const Record &R) const {
    const Set &S = Table[K.hash() % Sets];
    for (const std::unique_ptr<Entry> &E : S.Ways)
      if (E->Key == K && E->Labels.fits(R))
        return E.get();
    return nullptr;
  }

  /// Whether a route from K not found is worth recording: not where the
  /// set has replaced routes many times already (more starts and types
  /// meet there than it holds, and a route recorded would soon be
  /// replaced; walking alone is cheaper than walking and recording).
  bool worthRecording(const RouteKey &K) const {
    return Table[K.hash() % Sets].Replaced < MaxReplaced;
  }

  /// The route from K for records of these labels (Walk: none is kept, the
  /// route is walked every time).
  void insert(const RouteKey &K, const LabelSeq &Labels,
              const std::vector<RouteOp> &Ops, bool Walk) {
    Set &S = Table[K.hash() % Sets];
    Entry *Slot;
    if (S.Ways.size() < Ways) {
      S.Ways.push_back(std::make_unique<Entry>());
      Slot = S.Ways.back().get();
    } else {
      Slot = S.Ways[S.Next++ % Ways].get();
      ++S.Replaced;
    }
    Entry &E = *Slot;
    E.Key = K;
    E.Walk = Walk;
    E.Labels = Labels;
    // Pops in a row become one.
    E.Ops.clear();
    for (const RouteOp &Op : Ops)
      if (Op.K == RouteOp::Pop && !E.Ops.empty() &&
          E.Ops.back().K == RouteOp::Pop)
        E.Ops.back().Value += Op.Value;
      else
        E.Ops.push_back(Op);
  }

private:
  // A start may see records of several types (a box's output variants):
  // up to Ways per set, made as they come and then replaced in turn.
  static constexpr size_t Sets = 64;
  struct Set {
    std::vector<std::unique_ptr<Entry>> Ways;
    uint32_t Next = 0;
    uint32_t Replaced = 0; // routes replaced by others
  };
  Set Table[Sets];
};

} // namespace aspen::snet::engine

#endif // ASPEN_RT_SNET_ROUTECACHE_H
