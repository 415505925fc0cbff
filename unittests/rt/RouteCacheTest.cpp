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

RouteKey keyAt(int Node = 3, long Value = 1) {
  RouteKey K;
  K.Enter = false;
  K.Node = Node;
  K.Value = Value;
  K.Depth = 4;
  return K;
}

std::vector<RouteOp> someOps(int Entity = 9) {
  return {{RouteOp::Pop, false, 0, 1},
          {RouteOp::Pop, false, 0, 1},
          {RouteOp::PushTag, true, 5, 42},
          {RouteOp::ToEntity, false, Entity, 0}};
}

void keep(RouteCache &C, const RouteKey &K, const Record &R,
          const std::vector<RouteOp> &Ops, bool Walk = false) {
  LabelSeq Labels;
  Labels.assign(R);
  C.insert(K, Labels, Ops, Walk);
}

TEST(RouteCacheTest, ARecordOfTheSameLabelsFindsTheRoute) {
  Record A;
  A.field("x", 1).tag("i", 2).tag("j", 3);
  RouteCache C;
  keep(C, keyAt(), A, someOps());
  Record B; // other values, the same labels made in the same order
  B.field("x", 10).tag("i", 20).tag("j", 30);
  const RouteCache::Entry *E = C.find(keyAt(), B);
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
  keep(C, keyAt(), A, someOps());
  EXPECT_EQ(C.find(keyAt(4), A), nullptr);    // another node
  EXPECT_EQ(C.find(keyAt(3, 2), A), nullptr); // a serial's other child
  Record More;
  More.field("x", 1).tag("i", 2).tag("k", 3);
  EXPECT_EQ(C.find(keyAt(), More), nullptr);
  Record Other; // as many fields and tags, another name
  Other.field("x", 1).tag("q", 2);
  EXPECT_EQ(C.find(keyAt(), Other), nullptr);
  Record AsField; // the same names, a field instead of a tag
  AsField.field("x", 1).field("i", 2);
  EXPECT_EQ(C.find(keyAt(), AsField), nullptr);
}

// One start, records of two types (a box's two output variants): both
// routes are kept, each found by its own type.
TEST(RouteCacheTest, TypesFromOneStartKeepTheirOwnRoutes) {
  Record A, B;
  A.field("x", 1).tag("n", 2);
  B.field("y", 1).tag("n", 2);
  RouteCache C;
  keep(C, keyAt(), A, someOps(7));
  keep(C, keyAt(), B, someOps(8));
  ASSERT_NE(C.find(keyAt(), A), nullptr);
  ASSERT_NE(C.find(keyAt(), B), nullptr);
  EXPECT_EQ(C.find(keyAt(), A)->Ops.back().Node, 7);
  EXPECT_EQ(C.find(keyAt(), B)->Ops.back().Node, 8);
}

// Labels made in another order are another entry, never a wrong one.
TEST(RouteCacheTest, LabelsInAnotherOrderAreAnotherEntry) {
  Record A, B;
  A.tag("i", 1).tag("j", 2);
  B.tag("j", 2).tag("i", 1);
  RouteCache C;
  keep(C, keyAt(), A, someOps());
  EXPECT_NE(C.find(keyAt(), A), nullptr);
  EXPECT_EQ(C.find(keyAt(), B), nullptr);
}

TEST(RouteCacheTest, AWalkedRouteIsRemembered) {
  Record A;
  A.tag("i", 2);
  RouteCache C;
  keep(C, keyAt(), A, {}, true);
  const RouteCache::Entry *E = C.find(keyAt(), A);
  ASSERT_NE(E, nullptr);
  EXPECT_TRUE(E->Walk);
}

// A start that sees more record types than a set holds: the routes
// replace one another, and once they have done so often the set records
// no more (walking alone is then cheaper), while what it holds is found.
TEST(RouteCacheTest, ASetOfTooManyTypesStopsRecording) {
  RouteCache C;
  auto TypeNo = [](size_t I) {
    Record R;
    R.tag(Sym("t" + std::to_string(I)), 1);
    return R;
  };
  for (size_t I = 0; I < RouteCache::Ways; ++I)
    keep(C, keyAt(), TypeNo(I), someOps());
  for (size_t I = 0; I < RouteCache::Ways; ++I)
    EXPECT_NE(C.find(keyAt(), TypeNo(I)), nullptr) << I;
  EXPECT_TRUE(C.worthRecording(keyAt()));
  for (size_t I = 0; I < RouteCache::MaxReplaced; ++I) {
    ASSERT_TRUE(C.worthRecording(keyAt())) << I;
    keep(C, keyAt(), TypeNo(RouteCache::Ways + I % 64), someOps());
  }
  EXPECT_FALSE(C.worthRecording(keyAt()));
  EXPECT_NE(C.find(keyAt(), TypeNo(RouteCache::Ways + 63)), nullptr);
}

TEST(RouteCacheTest, LabelSeqTellsTypesApart) {
  Record A, B, C, D;
  A.field("x", 1).field("y", 2).tag("i", 3);
  B.field("x", 5).field("y", 6).tag("i", 7);
  C.field("x", 1).tag("y", 2).tag("i", 3);   // y a tag, not a field
  D.field("y", 2).field("x", 1).tag("i", 3); // another order
  LabelSeq L;
  L.assign(A);
  EXPECT_EQ(L.NumFields, 2u);
  EXPECT_EQ(L.NumTags, 1u);
  EXPECT_TRUE(L.fits(B));
  EXPECT_FALSE(L.fits(C));
  EXPECT_FALSE(L.fits(D));
  EXPECT_FALSE(L.fits(Record()));
}

} // namespace
