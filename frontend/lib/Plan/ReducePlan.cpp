//===- ReducePlan.cpp - Reduce schedules over abstract ranks --------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/Plan/ReducePlan.h"
#include <algorithm>
#include <numeric>
#include <utility>

using namespace aspen::plan;

namespace {

/// Keeps every rank count, and the doubled counts the phases compare
/// against, far from overflow.
constexpr uint64_t MaxRanks = uint64_t(1) << 30;

unsigned floorLog2(uint64_t X) {
  unsigned Log = 0;
  while (X >>= 1)
    ++Log;
  return Log;
}

using StepList = std::vector<std::vector<Transfer>>;

/// Builds one schedule. The phases work on slots, the positions of the
/// paper's numbering; each slot holds a rank. Load balancing swaps the ranks
/// of two slots of the same role, which keeps the paper's structure and only
/// changes which rank does the work, so slot i < the number of receivers
/// still in play always holds a receiver.
class PlanBuilder {
public:
  PlanBuilder(unsigned NumParticipants, unsigned NumParticipantReceivers,
              unsigned NumOtherReceivers, bool BalanceLoad,
              std::vector<RankLoad> Load)
      : NumP(NumParticipants), NumRp(NumParticipantReceivers),
        NumRnp(NumOtherReceivers), BalanceLoad(BalanceLoad),
        Load(std::move(Load)) {}

  /// The schedule with the first `NumAuxiliaries` non-participant receivers
  /// standing in as participants; with none, the paper's own.
  StepList build(unsigned NumAuxiliaries);

private:
  bool isReceiver(unsigned Rank) const { return Rank < NumRp || Rank >= NumP; }
  void beginStep();
  void send(unsigned From, unsigned To, bool FinalResult);
  unsigned linkOneWay(unsigned Lo, unsigned Hi);
  void exchange(unsigned Lo, unsigned Hi);
  void deliver(unsigned NumHolders);

  const unsigned NumP;
  const unsigned NumRp;
  const unsigned NumRnp;
  const bool BalanceLoad;
  std::vector<RankLoad> Load; // by rank, earlier reductions included
  std::vector<bool> Holds;    // the rank holds a partial or the result
  std::vector<bool> HeldAtStart;
  std::vector<unsigned> Slots;
  std::vector<unsigned> Pending; // receivers served by the delivery phase
  StepList Steps;
};

} // namespace

void PlanBuilder::beginStep() {
  Steps.emplace_back();
  // Messages carry what their sender held when the step began, whatever it
  // receives in the same step.
  HeldAtStart = Holds;
}

void PlanBuilder::send(unsigned From, unsigned To, bool FinalResult) {
  // An auxiliary whose whole butterfly block is still empty has no partial
  // to pass on; its partner simply keeps its own.
  if (!HeldAtStart[From])
    return;
  TransferKind Kind = FinalResult || !HeldAtStart[To] ? TransferKind::Deliver
                                                      : TransferKind::Reduce;
  Steps.back().push_back({From, To, Kind});
  Holds[To] = true;
  ++Load[From].Sends;
  ++Load[To].Receives;
}

/// The occupant of slot `Hi` sends to that of slot `Lo`, which carries on.
/// Returns the sender. When both ranks play the same part, either can be the
/// one that carries on, and the load decides (section 3.3): the sender that
/// has sent least plus the receiver that has received least, so a rank that
/// is busy receiving sends instead and uses the other half of its duplex
/// link. A tie keeps the paper's direction.
unsigned PlanBuilder::linkOneWay(unsigned Lo, unsigned Hi) {
  unsigned U = Slots[Lo], V = Slots[Hi];
  if (BalanceLoad && isReceiver(U) == isReceiver(V) && HeldAtStart[U] &&
      HeldAtStart[V]) {
    uint64_t Keep = uint64_t(Load[V].Sends) + Load[U].Receives;
    uint64_t Flip = uint64_t(Load[U].Sends) + Load[V].Receives;
    if (Flip < Keep) {
      std::swap(Slots[Lo], Slots[Hi]);
      std::swap(U, V);
    }
  }
  send(V, U, /*FinalResult=*/false);
  return V;
}

void PlanBuilder::exchange(unsigned Lo, unsigned Hi) {
  send(Slots[Hi], Slots[Lo], /*FinalResult=*/false);
  send(Slots[Lo], Slots[Hi], /*FinalResult=*/false);
}

/// Every rank with the result sends it to one receiver that lacks it, step
/// after step: one binary-tree broadcast from each holder, all at once. A
/// step that needs fewer senders than there are holders takes the ones that
/// have sent least; the chosen ones keep their order, so plain cases read
/// holder i to receiver i.
void PlanBuilder::deliver(unsigned NumHolders) {
  std::vector<unsigned> Holders(Slots.begin(), Slots.begin() + NumHolders);
  size_t Next = 0;
  while (Next < Pending.size()) {
    beginStep();
    size_t Count = std::min(Holders.size(), Pending.size() - Next);
    std::vector<size_t> Chosen(Holders.size());
    std::iota(Chosen.begin(), Chosen.end(), 0);
    if (BalanceLoad && Count < Holders.size()) {
      std::stable_sort(Chosen.begin(), Chosen.end(), [&](size_t A, size_t B) {
        return Load[Holders[A]].Sends < Load[Holders[B]].Sends;
      });
      Chosen.resize(Count);
      std::sort(Chosen.begin(), Chosen.end());
    }
    Chosen.resize(Count);
    for (size_t I = 0; I < Count; ++I)
      send(Holders[Chosen[I]], Pending[Next + I], /*FinalResult=*/true);
    Holders.insert(Holders.end(), Pending.begin() + Next,
                   Pending.begin() + Next + Count);
    Next += Count;
  }
}

StepList PlanBuilder::build(unsigned NumAuxiliaries) {
  unsigned NumRanks = NumP + NumRnp;
  Holds.assign(NumRanks, false);
  std::fill(Holds.begin(), Holds.begin() + NumP, true);
  unsigned Rho = 1u << floorLog2(NumP);
  unsigned ReceiversInSlots;
  if (NumAuxiliaries == 0) {
    Slots.resize(NumP);
    std::iota(Slots.begin(), Slots.end(), 0u);
    if (NumP > Rho) {
      // Phase 1: fold onto a power of two, as in the all-reduce of 2.1.
      beginStep();
      for (unsigned X = Rho; X < NumP; ++X) {
        unsigned Sender = linkOneWay(X - Rho, X);
        if (isReceiver(Sender))
          Pending.push_back(Sender);
      }
      Slots.resize(Rho);
    }
    ReceiversInSlots = std::min(NumRp, Rho);
  } else {
    // Already a power of two. The auxiliaries are receivers, so they are
    // numbered with R_p, ahead of the participants that do not receive.
    for (unsigned R = 0; R < NumRp; ++R)
      Slots.push_back(R);
    for (unsigned A = 0; A < NumAuxiliaries; ++A)
      Slots.push_back(NumP + A);
    for (unsigned R = NumRp; R < NumP; ++R)
      Slots.push_back(R);
    ReceiversInSlots = NumRp + NumAuxiliaries;
  }
  for (unsigned R = NumP + NumAuxiliaries; R < NumRanks; ++R)
    Pending.push_back(R);

  // Phase 2: halve while the lower half could still serve every receiver.
  // The upper half lies past every receiver slot, so no receiver leaves.
  uint64_t Needed = std::max<uint64_t>(ReceiversInSlots, Pending.size());
  uint64_t Size = Slots.size();
  while (Size >= 2 * Needed) {
    beginStep();
    uint64_t Half = Size / 2;
    for (uint64_t X = 0; X < Half; ++X)
      linkOneWay(X, X + Half);
    Size = Half;
    Slots.resize(Size);
  }

  // Phase 3: butterfly, distance 1 first as in Fig. 2. In the last stage
  // only the links into the first K slots are kept: those hold the receivers
  // still in play, and enough other ranks to feed R_np in one step if the
  // participants can.
  unsigned K = unsigned(std::min(Needed, Size));
  for (uint64_t D = 1; D < Size; D *= 2) {
    beginStep();
    bool Last = 2 * D == Size;
    for (uint64_t X = 0; X < Size; ++X) {
      if (X & D)
        continue;
      uint64_t Y = X | D;
      if (!Last || Y < K)
        exchange(unsigned(X), unsigned(Y));
      else if (X < K)
        linkOneWay(unsigned(X), unsigned(Y));
    }
  }

  // Phase 4: R_np, and the receivers the fold took out of P.
  deliver(K);
  return std::move(Steps);
}

std::optional<ReducePlan> aspen::plan::computeReducePlan(const ReduceSpec &Spec,
                                                         std::string *Error) {
  auto Fail = [&](std::string Why) -> std::optional<ReducePlan> {
    if (Error)
      *Error = std::move(Why);
    return std::nullopt;
  };
  unsigned NumP = Spec.NumParticipants;
  if (NumP == 0)
    return Fail("a reduce needs at least one participant");
  if (uint64_t(NumP) + Spec.NumOtherReceivers > MaxRanks)
    return Fail("too many ranks in a reduce");
  std::vector<bool> Receives(NumP, false);
  for (unsigned Index : Spec.ParticipantReceivers) {
    if (Index >= NumP)
      return Fail("receiver " + std::to_string(Index) +
                  " is not a participant index");
    if (Receives[Index])
      return Fail("receiver " + std::to_string(Index) + " is listed twice");
    Receives[Index] = true;
  }
  if (Spec.ParticipantReceivers.empty() && Spec.NumOtherReceivers == 0)
    return Fail("a reduce needs at least one receiver");
  if (!Spec.PriorLoad.empty() && Spec.PriorLoad.size() != NumP)
    return Fail("prior load must have one entry per participant");

  ReducePlan Plan;
  Plan.NumParticipants = NumP;
  Plan.NumParticipantReceivers = unsigned(Spec.ParticipantReceivers.size());
  Plan.NumOtherReceivers = Spec.NumOtherReceivers;
  Plan.RankOfParticipant.resize(NumP);
  unsigned NextReceiver = 0, NextOther = Plan.NumParticipantReceivers;
  for (unsigned I = 0; I < NumP; ++I)
    Plan.RankOfParticipant[I] = Receives[I] ? NextReceiver++ : NextOther++;

  std::vector<RankLoad> Load(Plan.getNumRanks());
  for (unsigned I = 0; I < Spec.PriorLoad.size(); ++I)
    Load[Plan.RankOfParticipant[I]] = Spec.PriorLoad[I];

  PlanBuilder Paper(NumP, Plan.NumParticipantReceivers, Plan.NumOtherReceivers,
                    Spec.BalanceLoad, Load);
  Plan.Steps = Paper.build(0);
  unsigned Rho = 1u << floorLog2(NumP);
  unsigned NumAuxiliaries = 2 * Rho - NumP;
  if (NumP != Rho && Plan.NumOtherReceivers >= NumAuxiliaries) {
    PlanBuilder Padded(NumP, Plan.NumParticipantReceivers,
                       Plan.NumOtherReceivers, Spec.BalanceLoad, Load);
    StepList Steps = Padded.build(NumAuxiliaries);
    // The paper's schedule on a tie: it sends fewer messages.
    if (Steps.size() < Plan.Steps.size()) {
      Plan.Steps = std::move(Steps);
      Plan.NumAuxiliaries = NumAuxiliaries;
    }
  }
  for (std::vector<Transfer> &Step : Plan.Steps)
    std::sort(Step.begin(), Step.end(),
              [](const Transfer &A, const Transfer &B) { return A.To < B.To; });
  return Plan;
}

unsigned aspen::plan::computePaperStepBound(unsigned NumParticipants,
                                            unsigned NumOtherReceivers) {
  if (NumOtherReceivers <= NumParticipants)
    return 2 + floorLog2(NumParticipants);
  return 2 + floorLog2(NumOtherReceivers);
}

std::vector<RankLoad> aspen::plan::computeRankLoad(const ReducePlan &Plan) {
  std::vector<RankLoad> Load(Plan.getNumRanks());
  for (const std::vector<Transfer> &Step : Plan.Steps)
    for (const Transfer &T : Step) {
      ++Load[T.From].Sends;
      ++Load[T.To].Receives;
    }
  return Load;
}

static std::string formatRanks(unsigned First, unsigned Count) {
  if (Count == 1)
    return std::to_string(First);
  return std::to_string(First) + "-" + std::to_string(First + Count - 1);
}

std::string aspen::plan::describePlan(const ReducePlan &Plan) {
  std::string Out =
      "ranks: participants " + formatRanks(0, Plan.NumParticipants);
  if (Plan.NumParticipantReceivers)
    Out += " (receivers " + formatRanks(0, Plan.NumParticipantReceivers) + ")";
  if (Plan.NumOtherReceivers)
    Out += ", other receivers " +
           formatRanks(Plan.NumParticipants, Plan.NumOtherReceivers);
  if (Plan.NumAuxiliaries)
    Out += " (auxiliaries " +
           formatRanks(Plan.NumParticipants, Plan.NumAuxiliaries) + ")";
  Out += "\n";

  bool Identity = true;
  for (unsigned I = 0; I < Plan.RankOfParticipant.size(); ++I)
    Identity &= Plan.RankOfParticipant[I] == I;
  if (!Identity) {
    Out += "rank of each participant:";
    for (unsigned Rank : Plan.RankOfParticipant)
      Out += " " + std::to_string(Rank);
    Out += "\n";
  }

  if (Plan.Steps.empty())
    Out += "no steps\n";
  for (size_t S = 0; S < Plan.Steps.size(); ++S) {
    Out += "step " + std::to_string(S + 1) + ":";
    const char *Sep = " ";
    for (const Transfer &T : Plan.Steps[S]) {
      Out += Sep + std::to_string(T.From) + "->" + std::to_string(T.To) +
             (T.Kind == TransferKind::Reduce ? " (reduce)" : " (deliver)");
      Sep = ", ";
    }
    Out += "\n";
  }
  return Out;
}

bool aspen::plan::isPureButterfly(const ReducePlan &Pl) {
  unsigned NR = Pl.getNumRanks();
  if (NR < 2 || (NR & (NR - 1)) || Pl.NumOtherReceivers || Pl.NumAuxiliaries ||
      Pl.NumParticipantReceivers != NR)
    return false;
  unsigned Stages = 0;
  for (unsigned N = NR; N > 1; N /= 2)
    ++Stages;
  if (Pl.Steps.size() != Stages)
    return false;
  for (const auto &Step : Pl.Steps) {
    if (Step.size() != NR)
      return false;
    unsigned D = Step[0].From ^ Step[0].To;
    if (D == 0 || (D & (D - 1)))
      return false;
    for (const Transfer &T : Step)
      if (T.Kind != TransferKind::Reduce || (T.From ^ T.To) != D)
        return false;
  }
  return true;
}

bool aspen::plan::runsSegmented(const ReducePlan &Pl) {
  return isPureButterfly(Pl) && Pl.Steps.size() >= 2;
}
