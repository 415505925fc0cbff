//===- RecordTest.cpp - S-Net records: labels, copies, inheritance --------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/gen/snet_graph.h"
#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>

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

// A synchro-cell's merge moves the labels of the consumed record's pattern
// into the first pattern's record: the merged record owns the same field
// objects (no new references), keeps its own labels where both have one,
// and gets none of the consumed record's other labels (only the first
// pattern's record flow-inherits).
TEST(RecordTest, AbsorbMovesOnlyThePatternsMissingLabels) {
  Record Out, In;
  Out.field("a", 1).tag("k", 1);
  In.field("a", 2).field("b", std::string("b")).field("c", 3);
  In.tag("k", 2).tag("j", 3).tag("x", 9);
  for (int I = 0; I < 5; ++I) // enough tags to leave the inline array
    In.tag(tagName(I), I);
  const std::string *B = &In.get<std::string>("b");
  Labels Pattern{{"a", false}, {"b", false}, {"k", true}, {"j", true}};
  for (int I = 0; I < 5; ++I)
    Pattern.push_back({tagName(I).name().c_str(), true});
  Out.absorb(std::move(In), Pattern);
  EXPECT_EQ(Out.get<int>("a"), 1);
  EXPECT_EQ(&Out.get<std::string>("b"), B);
  EXPECT_EQ(Out.fields()[1].F.use_count(), 1);
  EXPECT_FALSE(Out.hasField("c")); // not in the pattern
  EXPECT_EQ(Out.tag("k"), 1);
  EXPECT_EQ(Out.tag("j"), 3);
  EXPECT_FALSE(Out.hasTag("x"));
  for (int I = 0; I < 5; ++I)
    EXPECT_EQ(Out.tag(tagName(I)), I);
}

// A box's by-value argument moves out of a field its record holds alone,
// and is copied from one that another record shares (which keeps it).
TEST(RecordTest, TakeMovesOnlyUnsharedValues) {
  Record R;
  R.field("v", std::vector<int>(1000, 7));
  const int *Data = R.get<std::vector<int>>("v").data();
  Record Shared(R);
  std::vector<int> Copy = R.takeOrCopy<std::vector<int>>("v");
  EXPECT_NE(Copy.data(), Data);
  EXPECT_EQ(Shared.get<std::vector<int>>("v").size(), 1000u);
  Shared = Record();
  std::vector<int> Moved = R.takeOrCopy<std::vector<int>>("v");
  // Under ThreadSanitizer copyable values are always copied (snet.h says
  // why); everywhere else the unshared value is moved, not copied.
  if (ASPEN_SNET_TSAN)
    EXPECT_NE(Moved.data(), Data);
  else
    EXPECT_EQ(Moved.data(), Data);
  EXPECT_EQ(Moved.size(), 1000u);
  EXPECT_THROW(R.takeOrCopy<long>("v"), aspen::PayloadTypeError);

  Record U;
  U.field("u", std::make_unique<int>(5));
  Record UShared(U);
  EXPECT_THROW(U.takeOrCopy<std::unique_ptr<int>>("u"),
               aspen::PayloadTypeError);
  UShared = Record();
  EXPECT_EQ(*U.takeOrCopy<std::unique_ptr<int>>("u"), 5);
}

} // namespace
