//===- SNetContinuationTest.cpp - S-Net records' continuations ------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "snet/Continuation.h"
#include <gtest/gtest.h>
#include <utility>

using aspen::rt::Cont;
using aspen::rt::Frame;
using aspen::rt::pathHash;

namespace {

/// Frames 0..N-1: every third a replica frame, values from Base.
Cont make(int N, long Base = 0) {
  Cont K;
  for (int I = 0; I < N; ++I)
    K.push(I, I % 3 == 0, Base + I);
  return K;
}

void expectFrames(const Cont &K, int N, long Base = 0) {
  ASSERT_EQ(K.depth(), uint32_t(N));
  for (int I = 0; I < N; ++I) {
    const Frame &F = K.begin()[I];
    EXPECT_EQ(F.Node, I);
    EXPECT_EQ(F.Replica, I % 3 == 0);
    EXPECT_EQ(F.Value, Base + I);
  }
}

TEST(SNetContinuationTest, PushPopTopInPlace) {
  Cont K;
  EXPECT_TRUE(K.empty());
  K.push(4, false, 1);
  K.push(7, true, 10);
  EXPECT_EQ(K.top().Node, 7);
  ++K.top().Value;
  EXPECT_EQ(K.top().Value, 11);
  K.pop();
  EXPECT_EQ(K.top().Node, 4);
  K.pop();
  EXPECT_TRUE(K.empty());
}

// 6 frames fit inline; deeper ones spill to the heap. Copies and moves in
// every combination keep every frame, and a copy is independent.
TEST(SNetContinuationTest, CopiesAndMovesInlineAndSpilled) {
  for (int N : {0, 3, 6, 7, 8, 9, 20}) {
    Cont K = make(N);
    expectFrames(K, N);
    Cont C(K);
    expectFrames(C, N);
    if (N) {
      C.top().Value = -1;
      EXPECT_EQ(K.top().Value, N - 1) << "a copy shares frames";
    }
    Cont M(std::move(K));
    expectFrames(M, N);
    EXPECT_TRUE(K.empty());
    for (int Into : {0, 5, 12}) {
      Cont A = make(Into, 100), B = make(Into, 100);
      A = M; // copy over inline or spilled
      expectFrames(A, N);
      B = std::move(A); // move over inline or spilled
      expectFrames(B, N);
      Cont &Same = B;
      B = Same; // self
      expectFrames(B, N);
    }
  }
}

TEST(SNetContinuationTest, SpillsAsItGrows) {
  Cont K;
  for (int I = 0; I < 40; ++I)
    K.push(I, I % 3 == 0, I);
  expectFrames(K, 40);
  while (K.depth() > 2)
    K.pop();
  expectFrames(K, 2);
}

// The replica path is the star and split frames only: a serial frame's
// position does not change it, a replica value does, and a prefix's hash
// is the hash of that prefix alone.
TEST(SNetContinuationTest, PathHashFollowsReplicaFramesOnly) {
  Cont A, B;
  A.push(1, true, 5);
  A.push(2, false, 1);
  A.push(3, true, 7);
  B.push(1, true, 5);
  B.push(2, false, 2); // a serial frame further on
  B.push(3, true, 7);
  EXPECT_EQ(pathHash(A, 3), pathHash(B, 3));
  B.top().Value = 8;
  EXPECT_NE(pathHash(A, 3), pathHash(B, 3));
  Cont P;
  P.push(1, true, 5);
  EXPECT_EQ(pathHash(A, 1), pathHash(P, 1));
  EXPECT_EQ(pathHash(A, 2), pathHash(P, 1));
  EXPECT_NE(pathHash(A, 1), pathHash(Cont(), 0));
  // The same pass lists the path: node and value of each replica frame.
  std::vector<long> Path;
  EXPECT_EQ(pathHash(A, 3, &Path), pathHash(A, 3));
  EXPECT_EQ(Path, (std::vector<long>{1, 5, 3, 7}));
}

// A deterministic combinator's frame holds its ticket, survives a spill
// and a copy, and is no part of the replica path.
TEST(SNetContinuationTest, DetFramesCarryTheirTicketOutsideThePath) {
  int Ticket = 0;
  Cont K;
  K.push(1, true, 5);
  K.pushDet(2, &Ticket);
  const uint64_t Hash = pathHash(K, K.depth());
  for (int I = 0; I < 8; ++I)
    K.push(10 + I, false, I);
  Cont C(K);
  const Frame &F = C.begin()[1];
  EXPECT_TRUE(F.Det);
  EXPECT_FALSE(F.Replica);
  EXPECT_EQ(F.Node, 2);
  EXPECT_EQ(reinterpret_cast<int *>(intptr_t(F.Value)), &Ticket);
  EXPECT_FALSE(C.begin()[0].Det);
  Cont P;
  P.push(1, true, 5);
  EXPECT_EQ(Hash, pathHash(P, P.depth()));
}

} // namespace
