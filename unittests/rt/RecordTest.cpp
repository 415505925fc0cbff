//===- RecordTest.cpp - S-Net records: labels, copies, inheritance --------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/snet.h"
#include <gtest/gtest.h>
#include <string>

using namespace aspen::snet;

namespace {

Sym tagName(int I) { return Sym("t" + std::to_string(I)); }

// Tags live inline up to four; the fifth moves them all to the heap, and
// none may be lost on the way, nor on later growth, copies or moves.
TEST(RecordTest, ManyTagsSurviveGrowthCopyAndMove) {
  Record R;
  for (int I = 0; I < 20; ++I) {
    R.tag(tagName(I), 100 + I);
    for (int J = 0; J <= I; ++J)
      ASSERT_EQ(R.tag(tagName(J)), 100 + J) << "after adding t" << I;
  }
  Record Copy(R);
  Record Moved(std::move(R));
  for (int I = 0; I < 20; ++I) {
    EXPECT_EQ(Copy.tag(tagName(I)), 100 + I);
    EXPECT_EQ(Moved.tag(tagName(I)), 100 + I);
  }
  EXPECT_EQ(Moved.tagsEnd() - Moved.tagsBegin(), 20);
  EXPECT_TRUE(R.empty());
}

TEST(RecordTest, FieldsAreTypedAndShared) {
  Record R;
  R.field("x", 7).field("s", std::string("hi"));
  EXPECT_EQ(R.get<int>("x"), 7);
  EXPECT_EQ(R.get<const int>("x"), 7);
  EXPECT_EQ(R.get<std::string>("s"), "hi");
  EXPECT_THROW(R.get<long>("x"), aspen::PayloadTypeError);
  EXPECT_THROW(R.get<int>("y"), aspen::PayloadTypeError);
  Record C(R);
  EXPECT_EQ(&C.get<std::string>("s"), &R.get<std::string>("s"));
}

TEST(RecordTest, InheritanceAddsOnlyWhatIsMissingAndNotConsumed) {
  Record In, Out;
  In.field("a", 1).field("b", 2).tag("k", 3).tag("n", 4);
  Out.field("a", 10).tag("m", 5);
  inherit(Out, In, {Label("b", false), Label("n", true)});
  EXPECT_EQ(Out.get<int>("a"), 10); // the output's own wins
  EXPECT_FALSE(Out.hasField("b"));  // consumed
  EXPECT_EQ(Out.tag("k"), 3);
  EXPECT_FALSE(Out.hasTag("n"));
  EXPECT_EQ(Out.tag("m"), 5);
}

} // namespace
