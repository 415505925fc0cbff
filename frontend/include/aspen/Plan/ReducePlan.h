//===- ReducePlan.h - Reduce schedules over abstract ranks ------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The general reduce of the Aspen paper (section 3.2): any number of
// participants contribute data, and any mix of participants and other nodes
// receives the combined result. The schedule is a list of steps computed once,
// at compile time, over abstract ranks; the planning phase maps ranks to
// nodes (CollectivePlans.h) and the code generator emits each node's sends
// and receives per step. It is plain C++17 with no LLVM, so the unit tests
// can simulate plans without the compiler.
//
// Ranks follow the paper's renumbering, counted from 0: the participants that
// also receive (R_p) come first, then the other participants (up to |P|-1),
// both groups in the caller's order; the receivers that do not participate
// (R_np) are |P| .. |P|+|R_np|-1, also in the caller's order. Within a step a
// rank sends at most one message and receives at most one (full duplex), and
// every message is built from what its sender held when the step began.
//
// The phases, in the order they run:
//  1. Fold: when |P| is not a power of two, participant X >= rho =
//     2^floor(log2 |P|) sends to X - rho; receivers folded away this way wait
//     for the result with R_np.
//  2. Halve: while |P| >= 2 * max(|R_p|, |R_np|), the upper half sends to the
//     lower half. Receivers are numbered first, so none ever leaves.
//  3. Butterfly among the rest, pairing distance 1 first. Its last stage keeps
//     only the links into the first K = min(max(|R_p|, |R_np|), |P|) ranks.
//  4. Deliver to R_np from the K holders, as concurrent binary-tree broadcasts
//     when there are more of them than holders: whoever has the result sends
//     it on in the next step.
//
// After a fold only rho participants can hold the result, and delivering to
// more than rho receivers then overruns the paper's bound of 2 + floor(log2
// |P|) steps (e.g. 9 participants, 9 other receivers: 6 steps). Section 2.1
// names the remedy, auxiliary nodes: when |P| is not a power of two and there
// are at least 2 * rho - |P| non-participant receivers, the first of them can
// instead stand in as data-less participants, so phases 2 to 4 run over a
// power of two with no fold. computeReducePlan builds both schedules and keeps
// the auxiliary one only when it has fewer steps.
//
// Section 3.3's load balancing: a one-way transfer between two ranks of the
// same role (both receivers or both not, both holding data) can go either
// way, the receiving rank carrying on in the algorithm. With BalanceLoad the
// direction is the one whose sender has sent least plus whose receiver has
// received least so far, counting the load of earlier reductions; ties keep
// the paper's direction (upper to lower). On Fig. 6 this has node 2 send to
// node 1, which is busy only sending, the graph the paper calls efficient.
// Where a delivery step has more holders than receivers left, the holders
// that have sent least deliver.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_PLAN_REDUCEPLAN_H
#define ASPEN_PLAN_REDUCEPLAN_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aspen::plan {

/// What the receiving rank does with a message.
enum class TransferKind : uint8_t {
  /// Combine it with the partial result the receiver holds.
  Reduce,
  /// Replace whatever the receiver holds: the final result, or the first
  /// partial result of an auxiliary, which holds nothing of its own.
  Deliver,
};

struct Transfer {
  unsigned From = 0;
  unsigned To = 0;
  TransferKind Kind = TransferKind::Reduce;

  friend bool operator==(const Transfer &A, const Transfer &B) {
    return A.From == B.From && A.To == B.To && A.Kind == B.Kind;
  }
  friend bool operator!=(const Transfer &A, const Transfer &B) {
    return !(A == B);
  }
};

/// Messages a node sends and receives (and so combines); the load balancing
/// evens these out, across every reduction planned so far.
struct RankLoad {
  unsigned Sends = 0;
  unsigned Receives = 0;
};

struct ReduceSpec {
  /// |P|, at least 1.
  unsigned NumParticipants = 0;
  /// R_p: participants that also receive, as indices in [0, NumParticipants),
  /// each at most once, in any order.
  std::vector<unsigned> ParticipantReceivers;
  /// |R_np|. There must be at least one receiver in all.
  unsigned NumOtherReceivers = 0;
  /// Choose the direction of free one-way transfers by load (section 3.3).
  bool BalanceLoad = true;
  /// Load that reductions planned before this one put on each participant,
  /// by the caller's index; empty for none.
  std::vector<RankLoad> PriorLoad;
};

struct ReducePlan {
  unsigned NumParticipants = 0;
  unsigned NumParticipantReceivers = 0;
  unsigned NumOtherReceivers = 0;
  /// Non-participant receivers that stand in as data-less participants:
  /// ranks NumParticipants .. NumParticipants + NumAuxiliaries - 1.
  unsigned NumAuxiliaries = 0;
  /// Plan rank of each participant, by the caller's index.
  std::vector<unsigned> RankOfParticipant;
  /// The rounds in order; a step's transfers are sorted by receiving rank,
  /// which is unique within the step.
  std::vector<std::vector<Transfer>> Steps;

  unsigned getNumRanks() const { return NumParticipants + NumOtherReceivers; }
  /// Whether `Rank` must end up holding the result.
  bool isReceiver(unsigned Rank) const {
    return Rank < NumParticipantReceivers || Rank >= NumParticipants;
  }
};

/// The schedule for `Spec`, or nothing (with the reason in `Error`) if the
/// spec is malformed: no participant, no receiver, a receiver index out of
/// range or repeated, or PriorLoad neither empty nor one entry per
/// participant.
std::optional<ReducePlan> computeReducePlan(const ReduceSpec &Spec,
                                            std::string *Error = nullptr);

/// The paper's bound on the number of steps: 2 + floor(log2 |P|) when |R_np|
/// <= |P|, else 2 + floor(log2 |R_np|). Every plan meets it.
unsigned computePaperStepBound(unsigned NumParticipants,
                               unsigned NumOtherReceivers);

/// Sends and receives of each rank over the whole plan, for feeding into the
/// PriorLoad of the reductions planned after it.
std::vector<RankLoad> computeRankLoad(const ReducePlan &Plan);

/// The plan in a stable, readable form: a line naming the rank ranges, a line
/// mapping participants to ranks unless that is the identity, then one line
/// per step, e.g. "step 1: 8->0 (reduce), 9->1 (reduce)".
std::string describePlan(const ReducePlan &Plan);

/// Whether the plan is a pure butterfly: every rank takes part and
/// receives, there are a power of two of them, and step s pairs each rank r
/// with r ^ d_s. Such a plan can also run as Rabenseifner's reduce-scatter
/// and allgather over the same links (for large arrays and elementwise
/// operations), stage s keeping the upper half on ranks with bit d_s set.
bool isPureButterfly(const ReducePlan &Plan);

/// Whether large arrays run the plan as reduce-scatter and allgather: a
/// pure butterfly of two stages or more. With one stage (two nodes) the
/// exchange already sends each node's array once, as many bytes as
/// reduce-scatter plus allgather, in one step instead of two: 10 to 18 %
/// faster from 128 KiB to 1 MiB, level at 16 MiB (docs/runtime.md).
bool runsSegmented(const ReducePlan &Plan);

/// A reduce's plan over the nodes of a placed program, as graph::Collective
/// stores it: computed once, after placement, and read by both --dump-graph
/// and code generation, so what is shown is what runs.
struct NodeReducePlan {
  enum Kind : uint8_t {
    /// The reduce cannot be planned: see Error.
    Failed,
    /// Every participant and receiver is on one node: combined there.
    Local,
    /// Plan.Steps run between the nodes of NodeOfRank.
    AcrossNodes,
  };
  Kind K = Failed;
  /// Failed only: why.
  std::string Error;
  /// Local and AcrossNodes: the plan over ranks.
  ReducePlan Plan;
  /// The node of each rank of Plan, an index into graph::Program::Nodes.
  std::vector<uint32_t> NodeOfRank;
  /// Large arrays run the plan as reduce-scatter then allgather: it
  /// runsSegmented and its operation is a built-in, elementwise one.
  bool Segmented = false;
};

} // namespace aspen::plan

#endif // ASPEN_PLAN_REDUCEPLAN_H
