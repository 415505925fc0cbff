//===- PathSetTest.cpp - The fired replicas of a synchro-cell -------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "queue/PathSet.h"
#include "WeakPathHash.h"
#include <gtest/gtest.h>
#include <random>
#include <set>

using aspen::rt::PathSet;

namespace {

TEST(PathSetTest, EqualHashesAreDifferentPaths) {
  PathSet S;
  std::vector<long> A{1, 2}, B{2, 1}, C{3}, Empty;
  S.insert(5, A.data(), A.size());
  EXPECT_TRUE(S.contains(5, A.data(), A.size()));
  EXPECT_FALSE(S.contains(5, B.data(), B.size()));
  EXPECT_FALSE(S.contains(5, C.data(), C.size()));
  EXPECT_FALSE(S.contains(5, nullptr, 0));
  S.insert(5, nullptr, 0);
  EXPECT_TRUE(S.contains(5, Empty.data(), 0));
  EXPECT_FALSE(S.contains(6, A.data(), A.size())); // another hash
  EXPECT_EQ(S.size(), 2u);
}

// Against std::set, through growth, with a weak hash and paths of 0 to 9
// values (longer than PathMap keeps inline).
TEST(PathSetTest, AgreesWithStdSet) {
  std::mt19937_64 Rng(7);
  PathSet S;
  std::set<std::vector<long>> Ref;
  for (int K = 0; K < 20000; ++K) {
    std::vector<long> P(Rng() % 10);
    for (long &V : P)
      V = long(Rng() % 5) - 2;
    bool In = Ref.count(P) != 0;
    ASSERT_EQ(S.contains(weakHash(P), P.data(), P.size()), In);
    if (!In && Rng() % 2) {
      S.insert(weakHash(P), P.data(), P.size());
      Ref.insert(P);
    }
  }
  EXPECT_EQ(S.size(), Ref.size());
  for (const auto &P : Ref)
    EXPECT_TRUE(S.contains(weakHash(P), P.data(), P.size()));
}

} // namespace
