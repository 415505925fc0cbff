//===- PathMap.h - State per replica path, in one flat table ----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The S-Net engine keeps a synchro-cell's state per replica, keyed by the
// replica's path (the star depths and split values on the way to it). A
// data-driven network makes and drops such states at every step (Cholesky
// makes one per kernel call), so the map must cost no allocation per key and
// few cache lines per look-up, which std::unordered_map of vectors does not:
// it allocates a node and a key per insert, and a look-up touches a bucket,
// a node and the key's heap array.
//
// Here the caller supplies the key's 64-bit hash, which the engine has
// already (every frame carries the hash of its path). Slots are
// {hash, entry index} pairs in a power-of-two array with linear probing
// (Knuth, TAOCP vol. 3, 6.4, algorithm L), kept at most half full, and
// removal shifts the following run back instead of leaving tombstones
// (algorithm R), so probe lengths stay short however many keys come and go.
// Entries hold the path inline (up to InlinePath values) and the state, and
// are recycled through a free list: once the table has grown to the largest
// number of live keys, inserting and erasing allocate nothing.
//
// Equal hashes are not trusted: a slot matches only when the stored path is
// the same, so two replicas never share a state.
//
// Not thread-safe: each map belongs to one synchro-cell, run by one examiner
// at a time. References to values stay valid until the next insert.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_PATHMAP_H
#define ASPEN_RT_QUEUE_PATHMAP_H

#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

namespace aspen::rt {

template <typename V> class PathMap {
public:
  using Index = uint32_t;
  static constexpr size_t InlinePath = 8;

  /// The entry for Path (of Len values, whose hash is Hash), made with a
  /// default value if there is none.
  Index findOrInsert(uint64_t Hash, const long *Path, size_t Len) {
    if (Slots.empty() || 2 * (Live + 1) > Slots.size())
      grow();
    size_t Mask = Slots.size() - 1;
    for (size_t I = Hash & Mask;; I = (I + 1) & Mask) {
      Slot &S = Slots[I];
      if (S.Entry == Empty) {
        Index E = make(Hash, Path, Len);
        S = {Hash, E};
        ++Live;
        return E;
      }
      if (S.Hash == Hash && Entries[S.Entry].is(Path, Len))
        return S.Entry;
    }
  }

  V &operator[](Index E) { return Entries[E].Value; }
  size_t size() const { return Live; }

  /// Drops entry E (from findOrInsert); its value is cleared for reuse.
  void erase(Index E) {
    size_t Mask = Slots.size() - 1;
    size_t I = Entries[E].Hash & Mask;
    while (Slots[I].Entry != E)
      I = (I + 1) & Mask;
    // Algorithm R: move later members of the run into the hole when their
    // home slot does not lie cyclically in (hole, their slot].
    for (size_t J = (I + 1) & Mask;; J = (J + 1) & Mask) {
      if (Slots[J].Entry == Empty)
        break;
      size_t Home = Slots[J].Hash & Mask;
      bool Stays = I <= J ? (I < Home && Home <= J) : (I < Home || Home <= J);
      if (Stays)
        continue;
      Slots[I] = Slots[J];
      I = J;
    }
    Slots[I].Entry = Empty;
    --Live;
    reset(Entries[E].Value, 0);
    Entries[E].Heap.reset();
    Free.push_back(E);
  }

private:
  static constexpr Index Empty = ~Index(0);
  struct Slot {
    uint64_t Hash = 0;
    Index Entry = Empty;
  };
  struct Entry {
    uint64_t Hash = 0;
    size_t Len = 0;
    long Inline[InlinePath];
    std::unique_ptr<long[]> Heap; // paths longer than InlinePath
    V Value{};
    const long *path() const { return Heap ? Heap.get() : Inline; }
    bool is(const long *P, size_t N) const {
      // An empty path may come as a null pointer, which memcmp must not see.
      return N == Len &&
             (N == 0 || std::memcmp(path(), P, N * sizeof(long)) == 0);
    }
  };

  // A value with clear() is cleared, keeping what room it has for the
  // entry's next key; any other is reset to its default.
  template <typename T>
  static auto reset(T &X, int) -> decltype(X.clear(), void()) {
    X.clear();
  }
  template <typename T> static void reset(T &X, long) { X = T(); }

  Index make(uint64_t Hash, const long *Path, size_t Len) {
    Index E;
    if (!Free.empty()) {
      E = Free.back();
      Free.pop_back();
    } else {
      E = Index(Entries.size());
      Entries.emplace_back();
    }
    Entry &En = Entries[E];
    En.Hash = Hash;
    En.Len = Len;
    long *To = En.Inline;
    if (Len > InlinePath) {
      En.Heap.reset(new long[Len]);
      To = En.Heap.get();
    }
    if (Len)
      std::memcpy(To, Path, Len * sizeof(long));
    return E;
  }

  void grow() {
    std::vector<Slot> Old(Slots.empty() ? 16 : 2 * Slots.size());
    Old.swap(Slots);
    size_t Mask = Slots.size() - 1;
    for (const Slot &S : Old)
      if (S.Entry != Empty) {
        size_t I = S.Hash & Mask;
        while (Slots[I].Entry != Empty)
          I = (I + 1) & Mask;
        Slots[I] = S;
      }
  }

  std::vector<Slot> Slots;
  std::vector<Entry> Entries;
  std::vector<Index> Free;
  size_t Live = 0;
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_PATHMAP_H
