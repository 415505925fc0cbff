//===- RingBitset.h - A set of integers in a sliding window -----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The S-Net engine numbers the replicas of a star by depth, makes them in
// depth order and retires them from the shallow end, so the depths it
// still cares about form a window that slides upwards. A star of
// synchro-cells needs, per pattern of the cell, the set of replicas in that
// window where the pattern is still free, and for an arriving record the
// first such replica at or below a given depth. A sorted list answers that
// by scanning past every replica that cannot take the record, which made N
// records held cost O(N^2); this set answers it in O(log_64 window).
//
// Members are integers within any window of Capacity consecutive values;
// member V is bit V mod Capacity of a hierarchical bitmap (a 64-ary tree of
// words whose bit J says that word J of the level below is non-zero, as in
// van Emde Boas layouts flattened to fixed fan-out). insert, erase and
// contains cost O(levels); next(From, To) finds the least member in
// [From, To] by going up from From's word until a summary shows a later
// non-zero word and down again, at most twice over the levels when the
// range wraps round the ring. Levels: 1 up to 64 members, 2 up to 4096,
// 3 up to 262144, 4 up to 2^24.
//
// Guarantees (checked in unittests/rt/RingBitsetTest.cpp):
//  - next(From, To) is exact when every member lies in a window of
//    Capacity values that contains [From, To]: it returns the least member
//    V with From <= V <= To, or None;
//  - clear() is O(1) when the set is empty, which the engine's reuse of
//    entries relies on; resize() keeps the members of [Lo, Hi];
//  - nothing allocates except resize().
//
// Not thread-safe: each set belongs to one synchro-cell, run by one
// examiner at a time.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_RINGBITSET_H
#define ASPEN_RT_QUEUE_RINGBITSET_H

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

namespace aspen::rt {

class RingBitset {
public:
  static constexpr long None = -1;

  RingBitset() = default;
  explicit RingBitset(size_t Capacity) { resize(Capacity, 0, -1); }

  /// The ring's size: a power of two, 0 before the first resize.
  size_t capacity() const { return Cap; }
  bool empty() const { return Levels.empty() || Levels.back()[0] == 0; }

  /// Makes room for Capacity (a power of two) values, keeping the members
  /// in [Lo, Hi] (a range of at most the old and the new capacity).
  void resize(size_t Capacity, long Lo, long Hi) {
    assert(Capacity && !(Capacity & (Capacity - 1)) && "not a power of two");
    std::vector<long> Keep;
    for (long V = Lo; Cap && V <= Hi; ++V)
      if (contains(V))
        Keep.push_back(V);
    Cap = Capacity;
    Levels.clear();
    size_t Bits = Cap;
    do {
      Bits = (Bits + 63) / 64;
      Levels.emplace_back(Bits, 0);
    } while (Bits > 1);
    for (long V : Keep)
      insert(V);
  }

  bool contains(long V) const {
    size_t I = index(V);
    return Levels[0][I / 64] >> (I % 64) & 1;
  }

  void insert(long V) {
    size_t I = index(V);
    for (auto &L : Levels) {
      uint64_t &W = L[I / 64];
      bool WasZero = W == 0;
      W |= uint64_t(1) << (I % 64);
      if (!WasZero)
        return; // the summaries above already say so
      I /= 64;
    }
  }

  void erase(long V) {
    size_t I = index(V);
    for (auto &L : Levels) {
      uint64_t &W = L[I / 64];
      W &= ~(uint64_t(1) << (I % 64));
      if (W != 0)
        return;
      I /= 64;
    }
  }

  /// The least member in [From, To], or None; see the file comment for
  /// when this is exact.
  long next(long From, long To) const {
    if (To < From || Cap == 0)
      return None;
    if (uint64_t(To - From) >= Cap)
      To = From + long(Cap) - 1;
    size_t A = index(From), B = index(To);
    if (A <= B) {
      size_t I = nextFrom(A);
      return I <= B ? From + long(I - A) : None;
    }
    // The range wraps round the ring: [A, Cap) and then [0, B].
    size_t I = nextFrom(A);
    if (I < Cap)
      return From + long(I - A);
    I = nextFrom(0);
    return I <= B ? From + long(Cap - A + I) : None;
  }

  /// Drops every member, keeping the room. O(1) when already empty.
  void clear() {
    if (empty())
      return;
    for (auto &L : Levels)
      std::fill(L.begin(), L.end(), 0);
  }

private:
  size_t index(long V) const { return size_t(V) & (Cap - 1); }

  /// The least set position >= I of level 0, or Cap if none.
  size_t nextFrom(size_t I) const {
    if (I >= Cap)
      return Cap;
    // Up: the first level whose word at I, from I on, has a bit.
    size_t Level = 0;
    for (;; ++Level) {
      if (Level == Levels.size())
        return Cap;
      const std::vector<uint64_t> &L = Levels[Level];
      if (I / 64 < L.size()) {
        uint64_t W = L[I / 64] & (~uint64_t(0) << (I % 64));
        if (W) {
          I = (I & ~size_t(63)) + size_t(__builtin_ctzll(W));
          break;
        }
      }
      I = I / 64 + 1; // from the next word, one level up
    }
    // Down: the first set bit of each word below the one found.
    while (Level-- > 0)
      I = I * 64 + size_t(__builtin_ctzll(Levels[Level][I]));
    return I;
  }

  size_t Cap = 0;
  std::vector<std::vector<uint64_t>> Levels; // [0]: one bit per value
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_RINGBITSET_H
