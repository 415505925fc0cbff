//===- PathSet.h - A set of replica paths, a few words each -----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The replicas of a synchro-cell that have fired. A fired cell passes every
// later record unchanged, so the fact must be kept until the network ends,
// for every replica: S-Net's poweroftwo2 fires 2^20 - 1 of them, one per
// pair of siblings. Kept as a PathMap entry each (the path inline for up to
// eight values, the cell's whole state) that cost about 300 bytes a
// replica; here a fired replica costs its path's values in one arena plus
// a 16-byte slot in a table at most half full: about 50 bytes for a path of
// two values.
//
// Open addressing with linear probing (Knuth, TAOCP vol. 3, 6.4, algorithm
// L), on the 64-bit hash the caller has already; equal hashes are not
// trusted, the stored path is compared. Paths are only ever added.
//
// Not thread-safe: each set belongs to one synchro-cell, run by one
// examiner at a time.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_PATHSET_H
#define ASPEN_RT_QUEUE_PATHSET_H

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace aspen::rt {

class PathSet {
public:
  /// Whether Path (Len values, hashing to Hash) is in the set.
  bool contains(uint64_t Hash, const long *Path, size_t Len) const {
    if (Slots.empty())
      return false;
    const size_t Mask = Slots.size() - 1;
    for (size_t I = Hash & Mask;; I = (I + 1) & Mask) {
      const Slot &S = Slots[I];
      if (S.Len == Empty)
        return false;
      if (S.Hash == Hash && same(S, Path, Len))
        return true;
    }
  }

  /// Adds Path (which must not be in the set yet).
  void insert(uint64_t Hash, const long *Path, size_t Len) {
    if (2 * (Live + 1) > Slots.size())
      grow();
    if (Arena.size() + Len > MaxArena || Len >= Empty)
      throw std::length_error("too many fired synchro-cell replicas");
    Slot New{Hash, uint32_t(Arena.size()), uint32_t(Len)};
    Arena.insert(Arena.end(), Path, Path + Len);
    place(New);
    ++Live;
  }

  size_t size() const { return Live; }

private:
  static constexpr uint32_t Empty = ~uint32_t(0);
  static constexpr size_t MaxArena = size_t(Empty) - 1;
  struct Slot {
    uint64_t Hash = 0;
    uint32_t Off = 0;
    uint32_t Len = Empty;
  };

  bool same(const Slot &S, const long *Path, size_t Len) const {
    // An empty path may come as a null pointer, which memcmp must not see.
    return S.Len == Len && (Len == 0 || std::memcmp(Arena.data() + S.Off, Path,
                                                    Len * sizeof(long)) == 0);
  }

  void place(const Slot &S) {
    const size_t Mask = Slots.size() - 1;
    size_t I = S.Hash & Mask;
    while (Slots[I].Len != Empty)
      I = (I + 1) & Mask;
    Slots[I] = S;
  }

  void grow() {
    std::vector<Slot> Old(Slots.empty() ? 16 : 2 * Slots.size());
    Old.swap(Slots);
    for (const Slot &S : Old)
      if (S.Len != Empty)
        place(S);
  }

  std::vector<Slot> Slots;
  std::vector<long> Arena;
  size_t Live = 0;
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_PATHSET_H
