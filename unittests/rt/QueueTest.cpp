//===- QueueTest.cpp - SPSC, MPSC and work-stealing deque -----------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each lock-free structure alone, before anything schedules on it: FIFO and
// capacity on one thread, then every item exactly once and in order under
// real concurrency. ctest gives the binary a timeout, so a lost item that
// would make a loop spin forever fails the run instead of hanging it.
//
//===----------------------------------------------------------------------===//

#include "queue/AsymmetricBarrier.h"
#include "queue/Examiner.h"
#include "queue/LinkedMPSCQueue.h"
#include "queue/MPSCQueue.h"
#include "queue/SPSCQueue.h"
#include "queue/WorkStealingDeque.h"
#include <atomic>
#include <gtest/gtest.h>
#include <memory>
#include <thread>
#include <vector>

using namespace aspen::rt;

// The Dekker pair of the wake-ups: the light side stores X then loads Y,
// the heavy side stores Y then loads X; in no round may both loads miss the
// other side's store. With a compiler barrier on both sides this fails
// within a few thousand rounds on x86-64 (a store waits in the store
// buffer while the later load goes ahead).
TEST(AsymmetricBarrier, NoRoundMissesBothStores) {
  enableAsymmetricBarrier();
  constexpr int Rounds = 50000;
  std::atomic<int> X{0}, Y{0}, Arrived{0};
  std::vector<char> LightSaw(Rounds), HeavySaw(Rounds);
  // Both sides leave each meeting point together, so that their stores and
  // loads overlap in time, as a producer's and a consumer's do.
  auto Meet = [&](int N) {
    Arrived.fetch_add(1, std::memory_order_acq_rel);
    while (Arrived.load(std::memory_order_acquire) < N)
      ;
  };
  std::thread Light([&] {
    for (int R = 1; R <= Rounds; ++R) {
      Meet(4 * R - 2);
      X.store(R, std::memory_order_relaxed);
      lightBarrier();
      LightSaw[R - 1] = Y.load(std::memory_order_relaxed) == R;
      Meet(4 * R);
    }
  });
  for (int R = 1; R <= Rounds; ++R) {
    Meet(4 * R - 2);
    Y.exchange(R, std::memory_order_seq_cst); // the heavy side's locked store
    heavyBarrier();
    HeavySaw[R - 1] = X.load(std::memory_order_relaxed) == R;
    Meet(4 * R);
  }
  Light.join();
  int Missed = 0;
  for (int R = 0; R < Rounds; ++R)
    Missed += !LightSaw[R] && !HeavySaw[R];
  EXPECT_EQ(Missed, 0) << "membarrier on: " << AsymmetricBarrierOn;
}

TEST(SPSCQueue, FifoAndCapacity) {
  int Cells[8];
  SPSCQueue<int *> Q(5); // rounded up to 8
  EXPECT_EQ(Q.capacity(), 8u);
  int *V;
  EXPECT_FALSE(Q.tryPop(V));
  for (int I = 0; I < 8; ++I)
    EXPECT_TRUE(Q.tryPush(&Cells[I]));
  EXPECT_FALSE(Q.tryPush(&Cells[0])) << "a full ring must refuse";
  EXPECT_EQ(Q.size(), 8u);
  for (int I = 0; I < 8; ++I) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, &Cells[I]);
  }
  EXPECT_FALSE(Q.tryPop(V));
  EXPECT_EQ(Q.popped(), 8u);
}

// A free slot is a null one, so a null element travels as a mark: it must
// come out null, in its place, and never be taken for an empty ring.
TEST(SPSCQueue, NullElementsKeepTheirPlace) {
  int A, B;
  SPSCQueue<int *> Q(4);
  EXPECT_TRUE(Q.tryPush(nullptr));
  EXPECT_TRUE(Q.tryPush(&A));
  EXPECT_TRUE(Q.tryPush(nullptr));
  EXPECT_TRUE(Q.tryPush(&B));
  EXPECT_FALSE(Q.tryPush(nullptr)) << "nulls take room like any element";
  int *V = &A;
  ASSERT_TRUE(Q.tryPop(V));
  EXPECT_EQ(V, nullptr);
  ASSERT_TRUE(Q.tryPop(V));
  EXPECT_EQ(V, &A);
  ASSERT_TRUE(Q.tryPop(V));
  EXPECT_EQ(V, nullptr);
  ASSERT_TRUE(Q.tryPop(V));
  EXPECT_EQ(V, &B);
  EXPECT_FALSE(Q.tryPop(V));
}

// The ring starts with a small segment and grows behind a full one: the
// bound is the capacity over all segments together, never a segment's.
TEST(SPSCQueue, GrowsToItsCapacityAndNoFurther) {
  constexpr size_t Cap = 256;
  static_assert(SPSCQueue<int *>::InitialSlots < Cap);
  std::vector<int> Cells(4 * Cap);
  SPSCQueue<int *> Q(Cap);
  size_t In = 0, Out = 0;
  int *V;
  // Fill it, which takes every segment size on the way up.
  while (Q.tryPush(&Cells[In]))
    ++In;
  EXPECT_EQ(In, Cap);
  // Take a few from the oldest (smallest) segment: that much room again,
  // though the newest segment is full or nearly so.
  for (int K = 0; K < 5; ++K) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, &Cells[Out++]);
  }
  for (int K = 0; K < 5; ++K)
    EXPECT_TRUE(Q.tryPush(&Cells[In++]));
  EXPECT_FALSE(Q.tryPush(&Cells[In])) << "more than the capacity queued";
  // Drain through every segment, in order, then use the full-size one.
  while (Q.tryPop(V))
    EXPECT_EQ(V, &Cells[Out++]);
  EXPECT_EQ(Out, In);
  for (size_t K = 0; K < Cap; ++K)
    EXPECT_TRUE(Q.tryPush(&Cells[K]));
  EXPECT_FALSE(Q.tryPush(&Cells[0]));
  EXPECT_EQ(Q.size(), Cap);
}

// Every element once and in order, nulls included, with the two sides on
// two threads and the ring small enough to fill and empty constantly.
TEST(SPSCQueue, TwoThreadsKeepOrder) {
  SPSCQueue<char *> Q(64);
  constexpr uintptr_t N = 2'000'000;
  // Element I is the address I, except every seventh, which is null.
  auto Elem = [](uintptr_t I) {
    return I % 7 == 0 ? nullptr : reinterpret_cast<char *>(I);
  };
  std::thread Producer([&] {
    for (uintptr_t I = 1; I <= N; ++I)
      while (!Q.tryPush(Elem(I)))
        std::this_thread::yield();
  });
  uintptr_t Expected = 1;
  char *V;
  while (Expected <= N) {
    if (Q.tryPop(V)) {
      ASSERT_EQ(V, Elem(Expected));
      ++Expected;
    }
  }
  Producer.join();
  EXPECT_FALSE(Q.tryPop(V));
  EXPECT_EQ(Q.size(), 0u);
}

// A patient push (the send's first tries and its spin) fails while fewer
// than a batch of slots are free in a row, and takes a whole batch once
// they are; an impatient one takes any free slot. Neither ever fills a
// slot the consumer has not emptied.
TEST(SPSCQueue, PatientPushWaitsForABatch) {
  int Cells[64];
  SPSCQueue<int *> Q(16); // the full size from the start: settled
  ASSERT_EQ(Q.batch(), 16u);
  for (int I = 0; I < 16; ++I)
    ASSERT_TRUE(Q.tryPush(&Cells[I], /*Patient=*/true));
  EXPECT_FALSE(Q.tryPush(&Cells[16], true));
  int *V;
  ASSERT_TRUE(Q.tryPop(V));
  EXPECT_FALSE(Q.tryPush(&Cells[16], true)) << "one slot free, not a batch";
  EXPECT_TRUE(Q.tryPush(&Cells[16], false)) << "an impatient push takes it";
  EXPECT_FALSE(Q.tryPush(&Cells[17], false)) << "full again";
  for (int I = 1; I <= 16; ++I) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, &Cells[I]);
  }
  for (int I = 17; I < 33; ++I)
    EXPECT_TRUE(Q.tryPush(&Cells[I], true)) << I;
  EXPECT_FALSE(Q.tryPush(&Cells[33], false));
  for (int I = 17; I < 33; ++I) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, &Cells[I]);
  }
  EXPECT_FALSE(Q.tryPop(V));
}

namespace {
/// The consumer of a two-thread order test: pops 1 ... N in order, now
/// faster and now slower than the producer (it yields while bit YieldBit of
/// the count is set), then joins the producer and finds the queue empty.
void popInOrder(SPSCQueue<char *> &Q, uintptr_t N, unsigned YieldBit,
                std::thread &Producer) {
  uintptr_t Expected = 1;
  char *V;
  while (Expected <= N) {
    if (Q.tryPop(V)) {
      ASSERT_EQ(V, reinterpret_cast<char *>(Expected));
      ++Expected;
    } else if ((Expected >> YieldBit) % 2) {
      std::this_thread::yield();
    }
  }
  Producer.join();
  EXPECT_FALSE(Q.tryPop(V));
}
} // namespace

// Patient and impatient pushes mixed, on two threads, with the consumer
// sometimes slower and sometimes faster: every element once, in order.
TEST(SPSCQueue, PatientPushesKeepOrder) {
  SPSCQueue<char *> Q(64);
  constexpr uintptr_t N = 2'000'000;
  std::thread Producer([&] {
    for (uintptr_t I = 1; I <= N; ++I) {
      bool Patient = (I >> 10) % 3 != 0;
      while (!Q.tryPush(reinterpret_cast<char *>(I), Patient))
        if (Patient && I % 5 == 0)
          Patient = false; // as a send does around a park
    }
  });
  popInOrder(Q, N, 12, Producer);
}

// The consumer follows the producer into a new segment while the producer
// is still filling it: bursts that fill the queue, then pauses, with a
// fresh queue every round so that every round grows it.
TEST(SPSCQueue, GrowingUnderConcurrency) {
  for (int Round = 0; Round < 200; ++Round) {
    SPSCQueue<char *> Q(1024);
    constexpr uintptr_t N = 5000;
    std::thread Producer([&] {
      for (uintptr_t I = 1; I <= N; ++I)
        while (!Q.tryPush(reinterpret_cast<char *>(I)))
          ;
    });
    uintptr_t Expected = 1;
    char *V;
    while (Expected <= N)
      if (Q.tryPop(V)) {
        ASSERT_EQ(V, reinterpret_cast<char *>(Expected)) << "round " << Round;
        ++Expected;
      }
    Producer.join();
    EXPECT_FALSE(Q.tryPop(V));
  }
}

// A queue that never fills its first segment (a ping-pong's, or any edge
// whose consumer keeps up) stays unsettled for good: the producer then
// takes a slot as free from the consumer's count, without loading it.
// With at most W elements in flight for W up to the segment's length and
// past it, every element arrives once and in order, and the queue grows
// only when W exceeds the first segment.
TEST(SPSCQueue, SmallSegmentWrapsFromTheCount) {
  for (uintptr_t W = 1; W <= 2 * SPSCQueue<char *>::InitialSlots; ++W) {
    SPSCQueue<char *> Q(1024);
    constexpr uintptr_t N = 200'000;
    std::atomic<uintptr_t> Popped{0};
    std::thread Producer([&] {
      for (uintptr_t I = 1; I <= N; ++I) {
        while (I - 1 - Popped.load(std::memory_order_acquire) >= W)
          ;
        while (!Q.tryPush(reinterpret_cast<char *>(I)))
          ;
      }
    });
    uintptr_t Expected = 1;
    char *V;
    while (Expected <= N)
      if (Q.tryPop(V)) {
        ASSERT_EQ(V, reinterpret_cast<char *>(Expected)) << "W = " << W;
        Popped.store(Expected++, std::memory_order_release);
      }
    Producer.join();
    EXPECT_FALSE(Q.tryPop(V));
  }
}

// The consumer never clears a slot: one left from the lap before reads as
// empty by its lap's parity. Here the first segment (16 slots) fills at
// position 26, whose slot still holds position 10's element (taken); the
// producer goes on in a new segment from there, not from a multiple of its
// length, and the consumer must find 16 to 25 in the old segment's second
// lap, take slot 10's old element there for empty, and move on.
TEST(SPSCQueue, StaleSlotsOfTheLapBeforeReadEmpty) {
  constexpr size_t Cap = 256;
  static_assert(SPSCQueue<char *>::InitialSlots == 16);
  SPSCQueue<char *> Q(Cap);
  auto Elem = [](uintptr_t I) { return reinterpret_cast<char *>(I + 1); };
  char *V;
  uintptr_t In = 0, Out = 0;
  for (; In < 10; ++In)
    ASSERT_TRUE(Q.tryPush(Elem(In)));
  for (; Out < 10; ++Out) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, Elem(Out));
  }
  EXPECT_FALSE(Q.tryPop(V)) << "slots of the lap before are not elements";
  for (; In < 40; ++In)
    ASSERT_TRUE(Q.tryPush(Elem(In))) << In;
  for (; Out < 40; ++Out) {
    ASSERT_TRUE(Q.tryPop(V)) << Out;
    EXPECT_EQ(V, Elem(Out));
  }
  EXPECT_FALSE(Q.tryPop(V));
  // And many laps of the segment it ended in, one element at a time.
  for (uintptr_t K = 0; K < 10 * Cap; ++K) {
    ASSERT_TRUE(Q.tryPush(Elem(K)));
    ASSERT_TRUE(Q.tryPop(V));
    ASSERT_EQ(V, Elem(K));
    ASSERT_FALSE(Q.tryPop(V)) << K;
  }
}

// Two bounds: an element that is not small waits while the queue holds the
// capacity; a small one goes on up to the small capacity. Order is kept
// across both.
namespace {
int Cells[64];
bool smallCell(int *P) { return P >= &Cells[32]; } // the upper half
bool smallNumber(int V) { return V >= 100; }
} // namespace

TEST(SPSCQueue, SmallElementsGoPastTheCapacity) {
  SPSCQueue<int *> Q(4, 16);
  EXPECT_EQ(Q.capacity(), 4u);
  EXPECT_EQ(Q.smallCapacity(), 16u);
  int *Big = &Cells[0], *Small = &Cells[32];
  for (int I = 0; I < 4; ++I)
    ASSERT_TRUE(Q.tryPush(Big + I, false, &smallCell));
  EXPECT_FALSE(Q.tryPush(Big + 4, false, &smallCell)) << "holds the capacity";
  EXPECT_FALSE(Q.tryPush(Small, false, nullptr)) << "no test: nothing small";
  for (int I = 0; I < 12; ++I)
    ASSERT_TRUE(Q.tryPush(Small + I, false, &smallCell)) << I;
  EXPECT_FALSE(Q.tryPush(Small + 12, false, &smallCell))
      << "holds the small capacity";
  int *V;
  ASSERT_TRUE(Q.tryPop(V));
  EXPECT_EQ(V, Big);
  EXPECT_FALSE(Q.tryPush(Big + 4, false, &smallCell)) << "15 queued";
  EXPECT_TRUE(Q.tryPush(Small + 12, false, &smallCell));
  for (int I = 1; I < 4; ++I) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, Big + I);
  }
  for (int I = 0; I < 10; ++I) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, Small + I);
  }
  EXPECT_FALSE(Q.tryPush(Big + 4, true, &smallCell)) << "4 queued";
  ASSERT_TRUE(Q.tryPop(V));
  EXPECT_EQ(V, Small + 10);
  EXPECT_TRUE(Q.tryPush(Big + 4, false, &smallCell)) << "3 queued";
  for (int *Want : {Small + 11, Small + 12, Big + 4}) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, Want);
  }
  EXPECT_FALSE(Q.tryPop(V));
}

// Small and large elements mixed on two threads, the ring growing past the
// capacity: every element once, in order.
TEST(SPSCQueue, SmallAndLargeElementsKeepOrder) {
  SPSCQueue<char *> Q(32, 1024);
  constexpr uintptr_t N = 2'000'000;
  // Runs of small elements (odd) between runs of large ones (even).
  auto Small = [](char *P) {
    return ((reinterpret_cast<uintptr_t>(P) >> 9) & 1) != 0;
  };
  std::thread Producer([&] {
    for (uintptr_t I = 1; I <= N; ++I)
      while (!Q.tryPush(reinterpret_cast<char *>(I), (I & 7) != 0, +Small))
        ;
  });
  popInOrder(Q, N, 13, Producer);
}

TEST(MPSCQueue, SmallElementsGoPastTheCapacity) {
  MPSCQueue<int> Q(4, 16);
  EXPECT_EQ(Q.capacity(), 4u);
  EXPECT_EQ(Q.smallCapacity(), 16u);
  for (int I = 0; I < 4; ++I)
    ASSERT_TRUE(Q.tryPush(I, &smallNumber));
  EXPECT_FALSE(Q.tryPush(4, &smallNumber)) << "holds the capacity";
  EXPECT_FALSE(Q.tryPush(100)) << "no test: nothing small";
  for (int I = 0; I < 12; ++I)
    ASSERT_TRUE(Q.tryPush(100 + I, &smallNumber)) << I;
  EXPECT_FALSE(Q.tryPush(112, &smallNumber)) << "holds the small capacity";
  int V;
  for (int I = 0; I < 13; ++I)
    ASSERT_TRUE(Q.tryPop(V));
  EXPECT_EQ(V, 108);
  EXPECT_TRUE(Q.tryPush(5, &smallNumber)) << "3 queued";
  for (int Want : {109, 110, 111, 5}) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, Want);
  }
  EXPECT_FALSE(Q.tryPop(V));
}

TEST(MPSCQueue, FifoAndCapacity) {
  MPSCQueue<int> Q(4);
  int V;
  EXPECT_FALSE(Q.tryPop(V));
  for (int I = 0; I < 4; ++I)
    EXPECT_TRUE(Q.tryPush(I));
  EXPECT_FALSE(Q.tryPush(4));
  for (int I = 0; I < 4; ++I) {
    ASSERT_TRUE(Q.tryPop(V));
    EXPECT_EQ(V, I);
  }
  EXPECT_TRUE(Q.tryPush(7)) << "cells are reused after a full lap";
  ASSERT_TRUE(Q.tryPop(V));
  EXPECT_EQ(V, 7);
}

TEST(MPSCQueue, ProducersKeepTheirOwnOrder) {
  constexpr unsigned P = 4;
  constexpr uint64_t N = 500'000;
  MPSCQueue<uint64_t> Q(128);
  std::vector<std::thread> Producers;
  for (unsigned K = 0; K < P; ++K)
    Producers.emplace_back([&, K] {
      for (uint64_t I = 0; I < N; ++I)
        while (!Q.tryPush((uint64_t(K) << 32) | I))
          std::this_thread::yield();
    });
  std::vector<uint64_t> Next(P, 0);
  uint64_t Got = 0, V;
  while (Got < P * N) {
    if (!Q.tryPop(V))
      continue;
    unsigned K = unsigned(V >> 32);
    ASSERT_LT(K, P);
    ASSERT_EQ(V & 0xffffffffu, Next[K]) << "producer " << K << " reordered";
    ++Next[K];
    ++Got;
  }
  for (auto &T : Producers)
    T.join();
  EXPECT_FALSE(Q.tryPop(V));
}

namespace {
struct LinkedItem : LinkedMPSCNode {
  uint64_t V = 0;
};
} // namespace

TEST(LinkedMPSCQueue, FifoAndEmpty) {
  LinkedMPSCQueue<LinkedItem> Q;
  EXPECT_FALSE(Q.mayHaveItems());
  EXPECT_EQ(Q.pop(), nullptr);
  std::vector<LinkedItem> Items(5);
  for (uint64_t I = 0; I < Items.size(); ++I) {
    Items[I].V = I;
    Q.push(&Items[I]);
    EXPECT_TRUE(Q.mayHaveItems());
  }
  for (uint64_t I = 0; I < Items.size(); ++I) {
    LinkedItem *It = Q.pop();
    ASSERT_NE(It, nullptr);
    EXPECT_EQ(It->V, I);
  }
  EXPECT_EQ(Q.pop(), nullptr);
  EXPECT_FALSE(Q.mayHaveItems());
  // Reusable after running empty (the stub goes round again).
  Q.push(&Items[0]);
  EXPECT_EQ(Q.pop(), &Items[0]);
  EXPECT_FALSE(Q.mayHaveItems());
}

TEST(LinkedMPSCQueue, ProducersKeepTheirOwnOrder) {
  constexpr unsigned P = 4;
  constexpr uint64_t N = 200'000;
  LinkedMPSCQueue<LinkedItem> Q;
  std::vector<std::unique_ptr<LinkedItem[]>> Items;
  for (unsigned K = 0; K < P; ++K)
    Items.emplace_back(new LinkedItem[N]);
  std::vector<std::thread> Producers;
  for (unsigned K = 0; K < P; ++K)
    Producers.emplace_back([&, K] {
      for (uint64_t I = 0; I < N; ++I) {
        Items[K][I].V = (uint64_t(K) << 32) | I;
        Q.push(&Items[K][I]); // unbounded: never refuses
      }
    });
  std::vector<uint64_t> Next(P, 0);
  uint64_t Got = 0;
  while (Got < P * N) {
    LinkedItem *It = Q.pop();
    if (!It)
      continue; // empty, or a push half done: it shows up later
    unsigned K = unsigned(It->V >> 32);
    ASSERT_LT(K, P);
    ASSERT_EQ(It->V & 0xffffffffu, Next[K]) << "producer " << K << " reordered";
    ++Next[K];
    ++Got;
  }
  for (auto &T : Producers)
    T.join();
  EXPECT_EQ(Q.pop(), nullptr);
  EXPECT_FALSE(Q.mayHaveItems());
}

/// T threads each post N times and have the posts examined: by a poke, or,
/// with TryFirst, on odd threads by tryExamine first (whose First counts in
/// Direct) and a poke when it refuses. Each pass moves the posts into a
/// plain total (no atomics): with overlapping runs or a lost poke, the
/// plain data would race (TSan) or the total would fall short.
struct ExamineStress {
  bool Overlap = false;
  uint64_t Total = 0, Direct = 0; // the examiner's

  ExamineStress(unsigned T, uint64_t N, bool TryFirst) {
    Examiner E;
    std::atomic<int> Inside{0};
    std::atomic<bool> Overlapped{false};
    std::atomic<uint64_t> Posted{0};
    auto Run = [&](auto &&Body) {
      if (Inside.fetch_add(1) != 0)
        Overlapped = true;
      Body();
      Inside.fetch_sub(1);
    };
    auto Pass = [&] {
      Run([&] { Total = Posted.load(std::memory_order_acquire); });
    };
    std::vector<std::thread> Threads;
    for (unsigned K = 0; K < T; ++K)
      Threads.emplace_back([&, K] {
        for (uint64_t I = 0; I < N; ++I) {
          Posted.fetch_add(1, std::memory_order_release);
          if (!TryFirst || K % 2 == 0 ||
              !E.tryExamine([&] { Run([&] { ++Direct; }); }, Pass))
            E.poke(Pass);
        }
      });
    for (auto &Th : Threads)
      Th.join();
    Overlap = Overlapped.load();
    // The last pass starts after the last poke, so it sees every post.
    E.poke([] {});
  }
};

TEST(Examiner, PassesNeverOverlapAndNoPokeIsLost) {
  ExamineStress S(4, 200'000, /*TryFirst=*/false);
  EXPECT_FALSE(S.Overlap);
  EXPECT_EQ(S.Total, 4u * 200'000);
}

TEST(Examiner, ReentrantPokeAddsAPass) {
  Examiner E;
  int Passes = 0;
  E.poke([&] {
    if (++Passes == 1)
      E.poke([&] { ADD_FAILURE() << "ran inside the examiner"; });
  });
  EXPECT_EQ(Passes, 2);
}

TEST(Examiner, TryExamineOnlyWhenIdle) {
  Examiner E;
  int First = 0, Passes = 0;
  // Idle: it becomes the examiner, runs First, then a pass.
  EXPECT_TRUE(E.tryExamine([&] { ++First; }, [&] { ++Passes; }));
  EXPECT_EQ(First, 1);
  EXPECT_EQ(Passes, 1);
  // During a pass, it refuses at once, and a poke from there still adds a
  // pass after the current one.
  E.poke([&] {
    if (++Passes == 2) {
      EXPECT_FALSE(E.tryExamine([&] { ADD_FAILURE() << "ran inside"; },
                                [&] { ADD_FAILURE() << "ran inside"; }));
      E.poke([&] {});
    }
  });
  EXPECT_EQ(Passes, 3);
}

TEST(Examiner, TryExamineAndPokesNeverOverlap) {
  // Half the threads poke, half try to examine first and poke when they
  // cannot: every post is seen, and no two runs (First or passes) overlap.
  ExamineStress S(4, 100'000, /*TryFirst=*/true);
  EXPECT_FALSE(S.Overlap);
  EXPECT_EQ(S.Total, 4u * 100'000);
  // How many tries found the examiner idle depends on the interleaving
  // (none, now and then, with four threads on two busy cores):
  // TryExamineOnlyWhenIdle checks that an idle one is taken.
}

TEST(WorkStealingDeque, OwnerIsLifoThievesFifo) {
  WorkStealingDeque<int> D(2);
  for (int I = 0; I < 10; ++I) // grows past the initial capacity
    D.push(I);
  int V;
  ASSERT_TRUE(D.steal(V));
  EXPECT_EQ(V, 0);
  ASSERT_TRUE(D.pop(V));
  EXPECT_EQ(V, 9);
  int Count = 2;
  while (D.pop(V))
    ++Count;
  EXPECT_EQ(Count, 10);
  EXPECT_FALSE(D.steal(V));
}

TEST(WorkStealingDeque, EveryItemExactlyOnce) {
  constexpr int N = 1'000'000;
  constexpr int Thieves = 3;
  WorkStealingDeque<int> D(16);
  std::vector<std::atomic<int>> Seen(N);
  std::atomic<bool> Done{false};
  std::atomic<int> Taken{0};
  std::vector<std::thread> Ts;
  for (int T = 0; T < Thieves; ++T)
    Ts.emplace_back([&] {
      int V;
      while (!Done.load() || !D.empty())
        if (D.steal(V)) {
          Seen[V].fetch_add(1);
          Taken.fetch_add(1);
        }
    });
  int V;
  for (int I = 0; I < N; ++I) {
    D.push(I);
    if (I % 3 == 0 && D.pop(V)) { // the owner competes for its own items
      Seen[V].fetch_add(1);
      Taken.fetch_add(1);
    }
  }
  while (D.pop(V)) {
    Seen[V].fetch_add(1);
    Taken.fetch_add(1);
  }
  Done.store(true);
  for (auto &T : Ts)
    T.join();
  EXPECT_EQ(Taken.load(), N);
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(Seen[I].load(), 1) << "item " << I;
}
