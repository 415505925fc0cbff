//===- PayloadTest.cpp - ArrayPayload's storage ---------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ArrayPayload keeps a few elements inside itself and the rest outside, in
// 32 bytes: every way of making one (a count, uninitialised, values, a
// vector taken over, a copy, a resize) must give the elements asked for,
// and the sanitizer builds check that each frees exactly what it owns.
//
//===----------------------------------------------------------------------===//

#include "aspen/runtime.h"
#include <complex>
#include <gtest/gtest.h>
#include <memory>
#include <numeric>
#include <vector>

using aspen::ArrayPayload;

// One allocator block of 32 bytes per small message (what a stream of
// them moves from core to core).
static_assert(sizeof(ArrayPayload<long>) == 32);
static_assert(sizeof(ArrayPayload<double>) == 32);
static_assert(sizeof(ArrayPayload<char>) == 32);

namespace {
template <typename T> std::vector<T> iota(size_t N) {
  std::vector<T> V(N);
  std::iota(V.begin(), V.end(), T(1));
  return V;
}

template <typename T> void expectElements(ArrayPayload<T> &P, size_t N) {
  ASSERT_EQ(P.size(), N);
  ASSERT_EQ(P.elementCount(), N);
  EXPECT_EQ(P.elementData(), static_cast<void *>(P.data()));
  for (size_t I = 0; I < N; ++I)
    EXPECT_EQ(P[I], T(I + 1)) << "element " << I << " of " << N;
}
} // namespace

TEST(ArrayPayload, EveryWayOfMakingOneHoldsItsElements) {
  // Inline (1, 2), outside (3, 1000), and none (0), for 8-byte elements.
  for (size_t N : {0, 1, 2, 3, 1000}) {
    std::vector<long> V = iota<long>(N);
    ArrayPayload<long> FromValues(V.data(), N);
    expectElements(FromValues, N);
    ArrayPayload<long> FromVector(V);
    expectElements(FromVector, N);
    ArrayPayload<long> Copy(FromVector);
    expectElements(Copy, N);
    EXPECT_TRUE(N == 0 || Copy.data() != FromVector.data());
    auto Cloned = std::unique_ptr<aspen::Payload>(FromValues.clone());
    expectElements(static_cast<ArrayPayload<long> &>(*Cloned), N);
    ArrayPayload<long> Zeroed(N);
    for (size_t I = 0; I < N; ++I)
      EXPECT_EQ(Zeroed[I], 0);
    ArrayPayload<long> Raw(N, aspen::uninitialized);
    for (size_t I = 0; I < N; ++I)
      Raw[I] = long(I + 1);
    expectElements(Raw, N);
    EXPECT_EQ(Raw.byteSize(), N * sizeof(long));
  }
}

TEST(ArrayPayload, AVectorIsTakenOverNotCopied) {
  std::vector<double> V(4096, 2.5);
  const double *Where = V.data();
  ArrayPayload<double> P(std::move(V));
  EXPECT_EQ(P.data(), Where);
  EXPECT_EQ(P.size(), 4096u);
  EXPECT_EQ(P[4095], 2.5);
}

TEST(ArrayPayload, ResizeBetweenInlineAndOutside) {
  std::vector<int> V = iota<int>(100);
  ArrayPayload<int> P(V); // outside, owned by a vector
  P.resize(3);            // inline
  ASSERT_EQ(P.size(), 3u);
  for (size_t I = 0; I < 3; ++I)
    EXPECT_EQ(P[I], 0);
  P.resize(50); // outside, owned as an array
  for (size_t I = 0; I < 50; ++I)
    EXPECT_EQ(P[I], 0);
  P[49] = 7;
  P.resize(0);
  EXPECT_EQ(P.size(), 0u);
  EXPECT_EQ(P.elementData(), nullptr);
}

TEST(ArrayPayload, ElementsThatAreNotBytesLiveOutside) {
  // Trivially copyable, but 16 bytes: one fits inline.
  using C = std::complex<double>;
  ArrayPayload<C> One(std::vector<C>{C(1, 2)});
  EXPECT_EQ(One[0], C(1, 2));
  ArrayPayload<C> Two(std::vector<C>{C(1, 2), C(3, 4)});
  EXPECT_EQ(Two[1], C(3, 4));
  ArrayPayload<C> Copy(Two);
  EXPECT_EQ(Copy[0], C(1, 2));
}
