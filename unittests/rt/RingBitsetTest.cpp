//===- RingBitsetTest.cpp - The sliding-window set of a star's replicas ---===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "queue/RingBitset.h"
#include <gtest/gtest.h>
#include <random>
#include <set>

using aspen::rt::RingBitset;

namespace {

/// The least member of Ref in [From, To], as RingBitset::next says it.
long refNext(const std::set<long> &Ref, long From, long To) {
  auto It = Ref.lower_bound(From);
  return It != Ref.end() && *It <= To ? *It : RingBitset::None;
}

TEST(RingBitsetTest, SmallRing) {
  RingBitset S(2);
  EXPECT_TRUE(S.empty());
  EXPECT_EQ(S.next(0, 1), RingBitset::None);
  S.insert(1);
  EXPECT_FALSE(S.empty());
  EXPECT_TRUE(S.contains(1));
  EXPECT_FALSE(S.contains(2));
  EXPECT_EQ(S.next(0, 1), 1);
  EXPECT_EQ(S.next(1, 2), 1);
  EXPECT_EQ(S.next(0, 0), RingBitset::None);
  S.erase(1);
  EXPECT_TRUE(S.empty());
}

// Every level boundary: a member far from the start must be found through
// the summaries, not missed or found in the wrong word.
TEST(RingBitsetTest, NextCrossesLevels) {
  for (size_t Cap : {64u, 128u, 4096u, 8192u, 1u << 18, 1u << 19}) {
    RingBitset S(Cap);
    for (long V : {0l, 63l, 64l, 4095l, 4096l, long(Cap) - 1}) {
      if (V >= long(Cap))
        continue;
      S.insert(V);
      EXPECT_EQ(S.next(0, long(Cap) - 1), V) << Cap;
      if (V > 0)
        EXPECT_EQ(S.next(1, long(Cap) - 1), V) << Cap;
      EXPECT_EQ(S.next(V + 1, long(Cap) - 1), RingBitset::None) << Cap;
      S.erase(V);
      EXPECT_TRUE(S.empty()) << Cap;
    }
  }
}

// The engine's use: a window of depths sliding up, members inserted at the
// deep end and erased anywhere, look-ups from anywhere in the window,
// growth keeping the members. Checked against std::set at every step.
TEST(RingBitsetTest, SlidingWindowAgainstSet) {
  std::mt19937_64 Rng(7);
  RingBitset S(4);
  std::set<long> Ref;
  long First = 1, Last = 0; // the window
  for (int Step = 0; Step < 200000; ++Step) {
    unsigned Op = Rng() % 8;
    if (Op < 3) { // a new deepest member, growing the ring as needed
      long D = Last + 1 + long(Rng() % 3);
      if (size_t(D - First + 1) > S.capacity()) {
        size_t Cap = S.capacity();
        while (Cap < size_t(D - First + 1))
          Cap *= 2;
        S.resize(Cap, First, Last);
      }
      S.insert(D);
      Ref.insert(D);
      Last = D;
    } else if (Op < 5 && !Ref.empty()) { // erase a member anywhere
      auto It = Ref.lower_bound(First + long(Rng() % size_t(Last - First + 1)));
      if (It == Ref.end())
        It = Ref.begin();
      S.erase(*It);
      Ref.erase(It);
    } else if (Op == 5) { // slide the window past non-members
      while (First <= Last && !Ref.count(First))
        ++First;
    }
    long From = First + long(Rng() % size_t(Last - First + 2));
    long To = From + long(Rng() % size_t(Last - From + 2)) - 1;
    ASSERT_EQ(S.next(From, To), refNext(Ref, From, To))
        << "step " << Step << " [" << From << ", " << To << "]";
    ASSERT_EQ(S.empty(), Ref.empty());
  }
}

TEST(RingBitsetTest, ClearKeepsRoom) {
  RingBitset S(1 << 13);
  S.insert(5000);
  S.insert(7);
  S.clear();
  EXPECT_TRUE(S.empty());
  EXPECT_EQ(S.capacity(), size_t(1) << 13);
  EXPECT_EQ(S.next(0, 8191), RingBitset::None);
  S.insert(9000); // at 9000 mod 8192, in a window that has moved on
  EXPECT_EQ(S.next(8200, 9100), 9000);
  EXPECT_EQ(S.next(9001, 16000), RingBitset::None);
}

} // namespace
