//===- RouteCacheTest.cpp - Routes kept per start and record type ---------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "snet/RouteCache.h"
#include <gtest/gtest.h>

using namespace aspen::snet;
using namespace aspen::snet::engine;

namespace {

RouteKey keyFor(const Record &R, int Node = 3, long Value = 1) {
  RouteKey K;
  K.Enter = false;
  K.Node = Node;
  K.Value = Value;
  K.Depth = 4;
  K.Shape = RouteCache::shapeOf(R);
  return K;
}

std::vector<RouteOp> someOps() {
  return {{RouteOp::Pop, false, 0, 1},
          {RouteOp::Pop, false, 0, 1},
          {RouteOp::PushTag, true, 5, 42},
          {RouteOp::ToEntity, false, 9, 0}};
}

TEST(RouteCacheTest, ARecordOfTheSameLabelsFindsTheRoute) {
  Record A;
  A.field("x", 1).tag("i", 2).tag("j", 3);
  RouteCache C;
  std::vector<uint32_t> Labels;
  RouteCache::labelsOf(A, Labels);
  C.insert(keyFor(A), Labels, someOps(), false);
  // Other values, and the labels made in another order: the same type.
  Record B;
  B.tag("j", 30).tag("i", 20).field("x", 10);
  const RouteCache::Entry *E = C.find(keyFor(B), B);
  ASSERT_NE(E, nullptr);
  EXPECT_FALSE(E->Walk);
  // Pops in a row were kept as one.
  ASSERT_EQ(E->Ops.size(), 3u);
  EXPECT_EQ(E->Ops[0].K, RouteOp::Pop);
  EXPECT_EQ(E->Ops[0].Value, 2);
  EXPECT_EQ(E->Ops[2].K, RouteOp::ToEntity);
}

TEST(RouteCacheTest, AnotherStartOrAnotherTypeDoesNot) {
  Record A;
  A.field("x", 1).tag("i", 2);
  RouteCache C;
  std::vector<uint32_t> Labels;
  RouteCache::labelsOf(A, Labels);
  C.insert(keyFor(A), Labels, someOps(), false);
  EXPECT_EQ(C.find(keyFor(A, 4), A), nullptr);    // another node
  EXPECT_EQ(C.find(keyFor(A, 3, 2), A), nullptr); // a serial's other child
  Record More;
  More.field("x", 1).tag("i", 2).tag("k", 3);
  EXPECT_EQ(C.find(keyFor(More), More), nullptr);
  Record AsField; // the same name, a field instead of a tag
  AsField.field("x", 1).field("i", 2);
  EXPECT_EQ(C.find(keyFor(AsField), AsField), nullptr);
}

// The hash only picks the slot: a record whose labels differ is refused
// even under the key of the route (as if its hash had collided).
TEST(RouteCacheTest, EqualHashesAreNotTrusted) {
  Record A;
  A.field("x", 1).tag("i", 2);
  RouteCache C;
  std::vector<uint32_t> Labels;
  RouteCache::labelsOf(A, Labels);
  const RouteKey K = keyFor(A);
  C.insert(K, Labels, someOps(), false);
  Record Other;
  Other.field("y", 1).tag("i", 2);
  EXPECT_EQ(C.find(K, Other), nullptr);
  Record Swapped; // as many fields and tags, other names
  Swapped.field("x", 1).tag("q", 2);
  EXPECT_EQ(C.find(K, Swapped), nullptr);
  EXPECT_NE(C.find(K, A), nullptr);
}

TEST(RouteCacheTest, AWalkedRouteIsRemembered) {
  Record A;
  A.tag("i", 2);
  RouteCache C;
  std::vector<uint32_t> Labels;
  RouteCache::labelsOf(A, Labels);
  C.insert(keyFor(A), Labels, {}, true);
  const RouteCache::Entry *E = C.find(keyFor(A), A);
  ASSERT_NE(E, nullptr);
  EXPECT_TRUE(E->Walk);
}

} // namespace
