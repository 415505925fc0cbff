//===- PathMapTest.cpp - The S-Net engine's per-replica state table -------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "queue/PathMap.h"
#include "WeakPathHash.h"
#include <gtest/gtest.h>
#include <map>
#include <random>

using aspen::rt::PathMap;

namespace {

TEST(PathMapTest, EqualHashesAreDifferentKeys) {
  PathMap<int> M;
  std::vector<long> A{1, 2}, B{2, 1}, C{3};
  auto EA = M.findOrInsert(5, A.data(), A.size());
  auto EB = M.findOrInsert(5, B.data(), B.size());
  auto EC = M.findOrInsert(5, C.data(), C.size());
  EXPECT_NE(EA, EB);
  EXPECT_NE(EB, EC);
  M[EA] = 10;
  M[EB] = 20;
  M[EC] = 30;
  EXPECT_EQ(M[M.findOrInsert(5, A.data(), A.size())], 10);
  EXPECT_EQ(M[M.findOrInsert(5, B.data(), B.size())], 20);
  EXPECT_EQ(M[M.findOrInsert(5, C.data(), C.size())], 30);
  EXPECT_EQ(M.size(), 3u);
}

TEST(PathMapTest, EmptyAndLongPaths) {
  PathMap<int> M;
  std::vector<long> Long(40);
  for (size_t I = 0; I < Long.size(); ++I)
    Long[I] = long(I * I);
  M[M.findOrInsert(1, nullptr, 0)] = 1;
  M[M.findOrInsert(1, Long.data(), Long.size())] = 2;
  EXPECT_EQ(M[M.findOrInsert(1, nullptr, 0)], 1);
  EXPECT_EQ(M[M.findOrInsert(1, Long.data(), Long.size())], 2);
  Long.back() = -1; // differs only past the inline part
  EXPECT_EQ(M[M.findOrInsert(1, Long.data(), Long.size())], 0);
}

TEST(PathMapTest, ErasedValuesAreFreshWhenReused) {
  PathMap<std::vector<int>> M;
  std::vector<long> A{7};
  auto E = M.findOrInsert(3, A.data(), A.size());
  M[E].push_back(1);
  M.erase(E);
  EXPECT_EQ(M.size(), 0u);
  EXPECT_TRUE(M[M.findOrInsert(3, A.data(), A.size())].empty());
}

// Random inserts, look-ups and erasures against std::map, with colliding
// hashes and paths of every length up to past the inline part: backward
// shift deletion must never lose or duplicate a key.
TEST(PathMapTest, MatchesAReferenceMap) {
  std::mt19937_64 Rng(42);
  PathMap<long> M;
  std::map<std::vector<long>, long> Ref;
  for (int Step = 0; Step < 50000; ++Step) {
    std::vector<long> P(Rng() % 11);
    for (long &V : P)
      V = long(Rng() % 2);
    uint64_t H = weakHash(P);
    auto E = M.findOrInsert(H, P.data(), P.size());
    auto [Pos, New] = Ref.try_emplace(P, 0);
    ASSERT_EQ(M[E], Pos->second) << "step " << Step;
    if (Rng() % 3 == 0) {
      M.erase(E);
      Ref.erase(Pos);
    } else {
      M[E] = Step;
      Pos->second = Step;
    }
    ASSERT_EQ(M.size(), Ref.size());
  }
  for (auto &[P, V] : Ref)
    EXPECT_EQ(M[M.findOrInsert(weakHash(P), P.data(), P.size())], V);
}

} // namespace
