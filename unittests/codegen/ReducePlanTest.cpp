//===- ReducePlanTest.cpp - Reduce schedules, checked by simulation -------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every plan is run on values where participant i contributes one copy of
// element i, kept as counts rather than a set: a combine of overlapping
// partial results then shows as a count of 2 instead of vanishing in a union.
// The sweep covers every |P| up to 64 with all-reduces, single receivers at
// each position, receivers outside P only, and a few hundred random mixes
// from a fixed seed, so a failure always reproduces.
//
//===----------------------------------------------------------------------===//

#include "aspen/Plan/ReducePlan.h"
#include <algorithm>
#include <cstdint>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

using namespace aspen::plan;

namespace {

unsigned floorLog2(unsigned X) {
  unsigned Log = 0;
  while (X >>= 1)
    ++Log;
  return Log;
}

unsigned ceilLog2(unsigned X) { return X <= 1 ? 0 : floorLog2(X - 1) + 1; }

/// Section 3.2's bound, restated here rather than taken from the library.
unsigned paperBound(unsigned NumP, unsigned NumRnp) {
  return 2 + floorLog2(NumRnp <= NumP ? NumP : NumRnp);
}

std::string describeSpec(const ReduceSpec &Spec) {
  std::string Out = "|P|=" + std::to_string(Spec.NumParticipants) + " R_p={";
  for (unsigned R : Spec.ParticipantReceivers)
    Out += std::to_string(R) + ",";
  Out += "} |R_np|=" + std::to_string(Spec.NumOtherReceivers) +
         (Spec.BalanceLoad ? " balanced" : " unbalanced") +
         (Spec.PriorLoad.empty() ? "" : " with prior load");
  return Out;
}

/// Runs `Plan` and returns the first thing wrong with it, or "".
std::string simulate(const ReduceSpec &Spec, const ReducePlan &Plan) {
  unsigned NumP = Spec.NumParticipants;
  unsigned NumRp = unsigned(Spec.ParticipantReceivers.size());
  unsigned NumRanks = NumP + Spec.NumOtherReceivers;
  if (Plan.NumParticipants != NumP || Plan.NumParticipantReceivers != NumRp ||
      Plan.NumOtherReceivers != Spec.NumOtherReceivers)
    return "plan sizes differ from the spec";

  // The renumbering: a permutation with the receivers first, each group in
  // the caller's order.
  if (Plan.RankOfParticipant.size() != NumP)
    return "rank map has the wrong size";
  std::vector<bool> IsReceiver(NumP, false);
  for (unsigned R : Spec.ParticipantReceivers)
    IsReceiver[R] = true;
  unsigned NextReceiver = 0, NextOther = NumRp;
  for (unsigned I = 0; I < NumP; ++I)
    if (Plan.RankOfParticipant[I] !=
        (IsReceiver[I] ? NextReceiver++ : NextOther++))
      return "participant " + std::to_string(I) + " has the wrong rank";

  std::vector<std::vector<uint8_t>> Value(NumRanks,
                                          std::vector<uint8_t>(NumP, 0));
  std::vector<bool> Holds(NumRanks, false);
  for (unsigned I = 0; I < NumP; ++I) {
    Value[Plan.RankOfParticipant[I]][I] = 1;
    Holds[Plan.RankOfParticipant[I]] = true;
  }

  for (size_t S = 0; S < Plan.Steps.size(); ++S) {
    const std::vector<Transfer> &Step = Plan.Steps[S];
    std::string Where = "step " + std::to_string(S + 1) + ": ";
    if (Step.empty())
      return Where + "empty";
    std::vector<unsigned> Sends(NumRanks, 0), Receives(NumRanks, 0);
    for (size_t I = 0; I < Step.size(); ++I) {
      const Transfer &T = Step[I];
      if (T.From >= NumRanks || T.To >= NumRanks || T.From == T.To)
        return Where + "bad ranks";
      if (++Sends[T.From] > 1)
        return Where + "rank " + std::to_string(T.From) + " sends twice";
      if (++Receives[T.To] > 1)
        return Where + "rank " + std::to_string(T.To) + " receives twice";
      if (I && Step[I - 1].To >= T.To)
        return Where + "not sorted by receiver";
    }
    // Messages are taken before anything is applied: a rank sends what it
    // held when the step began.
    std::vector<std::vector<uint8_t>> Messages;
    for (const Transfer &T : Step) {
      if (!Holds[T.From])
        return Where + "rank " + std::to_string(T.From) + " sends nothing";
      Messages.push_back(Value[T.From]);
    }
    std::vector<bool> HeldAtStart = Holds;
    for (size_t I = 0; I < Step.size(); ++I) {
      const Transfer &T = Step[I];
      if (T.Kind == TransferKind::Deliver) {
        Value[T.To] = Messages[I];
      } else {
        if (!HeldAtStart[T.To])
          return Where + "rank " + std::to_string(T.To) +
                 " combines with nothing";
        for (unsigned E = 0; E < NumP; ++E)
          if ((Value[T.To][E] += Messages[I][E]) > 1)
            return Where + "rank " + std::to_string(T.To) +
                   " counts participant " + std::to_string(E) + " twice";
      }
      Holds[T.To] = true;
    }
  }

  for (unsigned Rank = 0; Rank < NumRanks; ++Rank) {
    if (!Plan.isReceiver(Rank))
      continue;
    for (unsigned E = 0; E < NumP; ++E)
      if (Value[Rank][E] != 1)
        return "receiver rank " + std::to_string(Rank) + " has participant " +
               std::to_string(E) + " " + std::to_string(Value[Rank][E]) +
               " times";
  }
  return "";
}

/// Plans `Spec`, simulates it and checks the step bound. Returns the plan
/// for further checks.
ReducePlan checkSpec(const ReduceSpec &Spec) {
  std::string Error;
  std::optional<ReducePlan> Plan = computeReducePlan(Spec, &Error);
  if (!Plan) {
    ADD_FAILURE() << describeSpec(Spec) << ": rejected: " << Error;
    return ReducePlan();
  }
  std::string Problem = simulate(Spec, *Plan);
  EXPECT_EQ(Problem, "") << describeSpec(Spec) << "\n" << describePlan(*Plan);
  unsigned Bound = paperBound(Spec.NumParticipants, Spec.NumOtherReceivers);
  EXPECT_LE(Plan->Steps.size(), Bound) << describeSpec(Spec) << "\n"
                                       << describePlan(*Plan);
  EXPECT_EQ(Bound, computePaperStepBound(Spec.NumParticipants,
                                         Spec.NumOtherReceivers));
  return *Plan;
}

std::vector<unsigned> allOf(unsigned NumP) {
  std::vector<unsigned> All(NumP);
  for (unsigned I = 0; I < NumP; ++I)
    All[I] = I;
  return All;
}

ReduceSpec makeSpec(unsigned NumP, std::vector<unsigned> Receivers,
                    unsigned NumRnp, bool Balance = true) {
  ReduceSpec Spec;
  Spec.NumParticipants = NumP;
  Spec.ParticipantReceivers = std::move(Receivers);
  Spec.NumOtherReceivers = NumRnp;
  Spec.BalanceLoad = Balance;
  return Spec;
}

} // namespace

TEST(ReducePlan, PaperFigure4) {
  // Participants 1-8, receivers 1 and 2 among them and 9-11 outside, all one
  // less here. Round 1 halves (|P| = 8 >= 2 * 3), rounds 2 and 3 are the
  // butterfly over 4 without the link 2->4 (here 1->3), round 4 delivers.
  const char *Expected =
      "ranks: participants 0-7 (receivers 0-1), other receivers 8-10\n"
      "step 1: 4->0 (reduce), 5->1 (reduce), 6->2 (reduce), 7->3 (reduce)\n"
      "step 2: 1->0 (reduce), 0->1 (reduce), 3->2 (reduce), 2->3 (reduce)\n"
      "step 3: 2->0 (reduce), 3->1 (reduce), 0->2 (reduce)\n"
      "step 4: 0->8 (deliver), 1->9 (deliver), 2->10 (deliver)\n";
  for (bool Balance : {true, false}) {
    ReducePlan Plan = checkSpec(makeSpec(8, {1, 0}, 3, Balance));
    EXPECT_EQ(describePlan(Plan), Expected);
    EXPECT_EQ(Plan.NumAuxiliaries, 0u);
  }
}

TEST(ReducePlan, AllReduceOfPowerOfTwoIsTheButterfly) {
  for (unsigned NumP = 1; NumP <= 64; NumP *= 2) {
    ReducePlan Plan = checkSpec(makeSpec(NumP, allOf(NumP), 0));
    ASSERT_EQ(Plan.Steps.size(), floorLog2(NumP)) << NumP;
    for (unsigned S = 0; S < Plan.Steps.size(); ++S) {
      ASSERT_EQ(Plan.Steps[S].size(), NumP);
      for (unsigned Rank = 0; Rank < NumP; ++Rank)
        EXPECT_EQ(Plan.Steps[S][Rank],
                  (Transfer{Rank ^ (1u << S), Rank, TransferKind::Reduce}));
    }
  }
}

TEST(ReducePlan, OnlyPowerOfTwoAllReducesArePureButterflies) {
  // These may run as reduce-scatter plus allgather, from four ranks on;
  // nothing else may.
  for (unsigned NumP = 1; NumP <= 64; ++NumP) {
    bool Pow2 = NumP >= 2 && !(NumP & (NumP - 1));
    ReducePlan All = checkSpec(makeSpec(NumP, allOf(NumP), 0));
    EXPECT_EQ(isPureButterfly(All), Pow2) << NumP;
    EXPECT_EQ(runsSegmented(All), Pow2 && NumP >= 4) << NumP;
    if (NumP >= 2) {
      // A reduce to one participant, or to others as well, is not.
      EXPECT_FALSE(isPureButterfly(checkSpec(makeSpec(NumP, {0}, 0)))) << NumP;
      EXPECT_FALSE(isPureButterfly(checkSpec(makeSpec(NumP, allOf(NumP), 1))))
          << NumP;
    }
  }
}

TEST(ReducePlan, AllReduceOfOtherSizesTakesTwoPlusFloorLog2) {
  // Section 2.1's anomaly: 9 nodes need 5 steps, 16 only 4.
  EXPECT_EQ(checkSpec(makeSpec(9, allOf(9), 0)).Steps.size(), 5u);
  EXPECT_EQ(checkSpec(makeSpec(16, allOf(16), 0)).Steps.size(), 4u);
  for (unsigned NumP = 3; NumP <= 64; ++NumP)
    if (NumP & (NumP - 1))
      EXPECT_EQ(checkSpec(makeSpec(NumP, allOf(NumP), 0)).Steps.size(),
                2 + floorLog2(NumP))
          << NumP;
}

TEST(ReducePlan, AllReduceOfSixFoldsAndFeedsBack) {
  ReducePlan Plan = checkSpec(makeSpec(6, allOf(6), 0, /*Balance=*/false));
  EXPECT_EQ(describePlan(Plan),
            "ranks: participants 0-5 (receivers 0-5)\n"
            "step 1: 4->0 (reduce), 5->1 (reduce)\n"
            "step 2: 1->0 (reduce), 0->1 (reduce), 3->2 (reduce), "
            "2->3 (reduce)\n"
            "step 3: 2->0 (reduce), 3->1 (reduce), 0->2 (reduce), "
            "1->3 (reduce)\n"
            "step 4: 0->4 (deliver), 1->5 (deliver)\n");
}

TEST(ReducePlan, SingleReceiverIsTreeReduce) {
  for (unsigned NumP = 1; NumP <= 64; ++NumP)
    for (unsigned Root = 0; Root < NumP; ++Root)
      for (bool Balance : {true, false}) {
        ReducePlan Plan = checkSpec(makeSpec(NumP, {Root}, 0, Balance));
        ASSERT_EQ(Plan.RankOfParticipant[Root], 0u);
        EXPECT_LE(Plan.Steps.size(), 1 + floorLog2(NumP));
        EXPECT_EQ(Plan.Steps.size(), ceilLog2(NumP));
        // A tree: everyone but the root sends its partial once and is done.
        std::vector<bool> Sent(NumP, false);
        unsigned Messages = 0;
        for (const std::vector<Transfer> &Step : Plan.Steps)
          for (const Transfer &T : Step) {
            ++Messages;
            EXPECT_EQ(T.Kind, TransferKind::Reduce);
            EXPECT_FALSE(Sent[T.From]);
            EXPECT_FALSE(Sent[T.To]) << "receives after sending";
            Sent[T.From] = true;
          }
        EXPECT_EQ(Messages, NumP - 1);
        EXPECT_FALSE(Sent[0]);
      }
}

TEST(ReducePlan, ReceiversAreNumberedFirst) {
  ReducePlan Plan = checkSpec(makeSpec(5, {4, 1}, 2));
  EXPECT_EQ(Plan.RankOfParticipant, (std::vector<unsigned>{2, 0, 3, 4, 1}));
  std::string Header =
      "ranks: participants 0-4 (receivers 0-1), other receivers 5-6\n"
      "rank of each participant: 2 0 3 4 1\n";
  EXPECT_EQ(describePlan(Plan).compare(0, Header.size(), Header), 0)
      << describePlan(Plan);
}

TEST(ReducePlan, FoldedReceiversGetTheResultWithinTheBound) {
  // Receiver 4 folds into receiver 0 and waits with R_np; it gets the result
  // in the step the paper counts for the delivery to non-participants.
  ReducePlan Plan = checkSpec(makeSpec(6, {0, 1, 2, 3, 4}, 0));
  EXPECT_EQ(Plan.NumAuxiliaries, 0u);
  ASSERT_EQ(Plan.Steps.size(), 4u);
  EXPECT_EQ(Plan.Steps[3],
            (std::vector<Transfer>{{0, 4, TransferKind::Deliver}}));
}

TEST(ReducePlan, AuxiliariesWhenTheFoldWouldOverrunTheBound) {
  // After a fold only rho ranks can hold the result. With 9 participants and
  // 9 receivers outside, the paper's schedule needs two delivery steps, 6 in
  // all > 2 + floor(log2 9); with 7 receivers standing in for participants
  // 9-15 the schedule is over 16 ranks and takes 5.
  ReducePlan Plan = checkSpec(makeSpec(9, {}, 9));
  EXPECT_EQ(Plan.NumAuxiliaries, 7u);
  EXPECT_EQ(Plan.Steps.size(), 5u);
  // Same with the folded receivers: 7 of them join R_np and make 9.
  Plan = checkSpec(makeSpec(15, allOf(15), 2));
  EXPECT_EQ(Plan.NumAuxiliaries, 1u);
  EXPECT_EQ(Plan.Steps.size(), 5u);
  Plan = checkSpec(makeSpec(7, allOf(7), 2));
  EXPECT_EQ(Plan.NumAuxiliaries, 1u);
  EXPECT_EQ(Plan.Steps.size(), 4u);
  // Shorter than the paper's plan even where that one meets the bound: 3
  // steps, not 4. Rank 7 holds nothing until rank 6 passes it its value.
  Plan = checkSpec(makeSpec(7, allOf(7), 1, /*Balance=*/false));
  EXPECT_EQ(describePlan(Plan),
            "ranks: participants 0-6 (receivers 0-6), other receivers 7 "
            "(auxiliaries 7)\n"
            "step 1: 1->0 (reduce), 0->1 (reduce), 3->2 (reduce), "
            "2->3 (reduce), 5->4 (reduce), 4->5 (reduce), 6->7 (deliver)\n"
            "step 2: 2->0 (reduce), 3->1 (reduce), 0->2 (reduce), "
            "1->3 (reduce), 6->4 (reduce), 7->5 (reduce), 4->6 (reduce), "
            "5->7 (reduce)\n"
            "step 3: 4->0 (reduce), 5->1 (reduce), 6->2 (reduce), "
            "7->3 (reduce), 0->4 (reduce), 1->5 (reduce), 2->6 (reduce), "
            "3->7 (reduce)\n");
}

TEST(ReducePlan, LoadBalanceOfFigure6) {
  // r1: p[0..3] reduce to p[0] and p[2]; r2: p[1] and p[2] reduce to p[3].
  // After r1, p[1] has only sent and p[2] has received twice, so in r2 p[2]
  // should send to p[1], which receives while its r1 send goes out on the
  // other half of the duplex link, and p[1] delivers to p[3].
  ReducePlan R1 = checkSpec(makeSpec(4, {0, 2}, 0));
  std::vector<RankLoad> ByRank = computeRankLoad(R1);
  auto LoadOf = [&](unsigned P) { return ByRank[R1.RankOfParticipant[P]]; };
  EXPECT_EQ(LoadOf(1).Sends, 1u);
  EXPECT_EQ(LoadOf(1).Receives, 0u);
  EXPECT_EQ(LoadOf(2).Receives, 2u);

  // Either order of r2's participants gives the same graph.
  for (bool P1First : {true, false}) {
    ReduceSpec R2 = makeSpec(2, {}, 1);
    R2.PriorLoad = P1First ? std::vector<RankLoad>{LoadOf(1), LoadOf(2)}
                           : std::vector<RankLoad>{LoadOf(2), LoadOf(1)};
    ReducePlan Plan = checkSpec(R2);
    unsigned P1 = Plan.RankOfParticipant[P1First ? 0 : 1];
    unsigned P2 = Plan.RankOfParticipant[P1First ? 1 : 0];
    ASSERT_EQ(Plan.Steps.size(), 2u);
    EXPECT_EQ(Plan.Steps[0],
              (std::vector<Transfer>{{P2, P1, TransferKind::Reduce}}));
    EXPECT_EQ(Plan.Steps[1],
              (std::vector<Transfer>{{P1, 2, TransferKind::Deliver}}));

    // Without balancing the paper's direction stands: upper to lower.
    R2.BalanceLoad = false;
    std::optional<ReducePlan> Unbalanced = computeReducePlan(R2);
    ASSERT_TRUE(Unbalanced);
    EXPECT_EQ(Unbalanced->Steps[0],
              (std::vector<Transfer>{{1, 0, TransferKind::Reduce}}));
  }
}

TEST(ReducePlan, BalancingSpreadsCombinesAfterTheFold) {
  // 12 to one root: the fold makes ranks 1-3 combine once, so in the halving
  // they pass their partial on to ranks 5-7 rather than combine again. No
  // rank but the root combines more than twice; without balancing rank 1
  // combines three times.
  ReducePlan Plan = checkSpec(makeSpec(12, {0}, 0));
  EXPECT_EQ(describePlan(Plan), "ranks: participants 0-11 (receivers 0)\n"
                                "step 1: 8->0 (reduce), 9->1 (reduce), "
                                "10->2 (reduce), 11->3 (reduce)\n"
                                "step 2: 4->0 (reduce), 1->5 (reduce), "
                                "2->6 (reduce), 3->7 (reduce)\n"
                                "step 3: 6->0 (reduce), 7->5 (reduce)\n"
                                "step 4: 5->0 (reduce)\n");
  auto MaxReceivesBesidesRoot = [](const ReducePlan &Plan) {
    std::vector<RankLoad> Load = computeRankLoad(Plan);
    unsigned Max = 0;
    for (unsigned Rank = 1; Rank < Load.size(); ++Rank)
      Max = std::max(Max, Load[Rank].Receives);
    return Max;
  };
  EXPECT_EQ(MaxReceivesBesidesRoot(Plan), 2u);
  EXPECT_EQ(MaxReceivesBesidesRoot(
                checkSpec(makeSpec(12, {0}, 0, /*Balance=*/false))),
            3u);
}

TEST(ReducePlan, DeliveryBroadcastsWhenReceiversOutnumberHolders) {
  // One participant, 11 outside receivers: 1, 2, 4, then the last 4 of 8
  // holders, so ceil(log2 12) = 4 steps.
  ReducePlan Plan = checkSpec(makeSpec(1, {}, 11));
  EXPECT_EQ(Plan.Steps.size(), 4u);
  Plan = checkSpec(makeSpec(4, {0}, 20));
  EXPECT_EQ(Plan.Steps.size(), ceilLog2(24));
}

TEST(ReducePlan, RejectsMalformedSpecs) {
  std::string Error;
  EXPECT_FALSE(computeReducePlan(makeSpec(0, {}, 1), &Error));
  EXPECT_FALSE(computeReducePlan(makeSpec(3, {}, 0), &Error));
  EXPECT_EQ(Error, "a reduce needs at least one receiver");
  EXPECT_FALSE(computeReducePlan(makeSpec(3, {3}, 0), &Error));
  EXPECT_FALSE(computeReducePlan(makeSpec(3, {1, 1}, 0), &Error));
  EXPECT_EQ(Error, "receiver 1 is listed twice");
  ReduceSpec Spec = makeSpec(3, {0}, 0);
  Spec.PriorLoad.resize(2);
  EXPECT_FALSE(computeReducePlan(Spec, &Error));
  EXPECT_TRUE(computeReducePlan(makeSpec(1, {0}, 0)));
  EXPECT_EQ(describePlan(*computeReducePlan(makeSpec(1, {0}, 0))),
            "ranks: participants 0 (receivers 0)\nno steps\n");
}

TEST(ReducePlan, SweepUpTo64Participants) {
  std::mt19937 Rng(20240611);
  unsigned Plans = 0;
  auto Check = [&](const ReduceSpec &Spec) {
    checkSpec(Spec);
    ++Plans;
  };
  for (unsigned NumP = 1; NumP <= 64; ++NumP) {
    unsigned MaxRnp = 2 * NumP + 3;
    for (bool Balance : {true, false}) {
      for (unsigned NumRnp = 0; NumRnp <= MaxRnp; ++NumRnp)
        Check(makeSpec(NumP, allOf(NumP), NumRnp, Balance));
      for (unsigned NumRnp = 1; NumRnp <= MaxRnp; ++NumRnp)
        Check(makeSpec(NumP, {}, NumRnp, Balance));
      for (unsigned Root = 0; Root < NumP; ++Root)
        for (unsigned NumRnp : {0u, 1u, NumP})
          Check(makeSpec(NumP, {Root}, NumRnp, Balance));
    }
    for (unsigned Case = 0; Case < 300; ++Case) {
      // Receiver densities from none to all, so small and large R_p both
      // come up at every size.
      double Density = std::uniform_real_distribution<double>(0, 1)(Rng);
      Density *= Density;
      std::vector<unsigned> Receivers;
      for (unsigned I = 0; I < NumP; ++I)
        if (std::bernoulli_distribution(Density)(Rng))
          Receivers.push_back(I);
      std::shuffle(Receivers.begin(), Receivers.end(), Rng);
      unsigned NumRnp = std::uniform_int_distribution<unsigned>(0, MaxRnp)(Rng);
      if (Receivers.empty() && NumRnp == 0)
        NumRnp = 1;
      ReduceSpec Spec = makeSpec(NumP, Receivers, NumRnp, Case % 4 != 0);
      if (Case % 3 == 0)
        for (unsigned I = 0; I < NumP; ++I)
          Spec.PriorLoad.push_back(
              {std::uniform_int_distribution<unsigned>(0, 5)(Rng),
               std::uniform_int_distribution<unsigned>(0, 5)(Rng)});
      Check(Spec);
    }
  }
  RecordProperty("Plans", int(Plans));
  EXPECT_GT(Plans, 30000u);
}
