//===- Collectives.h - Reduce and Broadcast inside one process --*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A collective is an ordinary module instance the runtime provides: a Reduce
// has one input queue per participant and one output queue per receiver, so
// round k combines the k-th message of every participant and reduces can run
// concurrently over overlapping instances without any communicator: each
// message is on the queue of the one collective its flow statement names.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_COLLECTIVE_COLLECTIVES_H
#define ASPEN_RT_COLLECTIVE_COLLECTIVES_H

#include "aspen/abi/lists.h"
#include "core/Graph.h"
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace aspen::rt {

/// The operations of reduce_ops.def, and User.
using ReduceOp = aspen::abi::ReduceOp;
using UserReduceFn = void (*)(Payload &, const Payload &);

ModuleBase *makeReduce(std::string Name, ReduceOp Op, UserReduceFn User,
                       unsigned NumParticipants, unsigned NumReceivers);

/// A Reduce's operation and name (ModuleType::Reduce).
struct ReduceSpec {
  std::string Name;
  ReduceOp Op;
  UserReduceFn User;
};

/// The most participants times receivers of a reduce its receivers run.
/// Every participant sends each receiver a copy and every receiver
/// combines every contribution: participants times receivers copies and
/// combines a round, where the reduce's own fiber makes participants plus
/// receivers. Two participants sending to each other (an all-reduce of
/// two) is the case the direct form is for.
inline constexpr size_t MaxDirectPairs = 4;

/// Reduces inside this process that their receivers run themselves, with
/// no fiber of the reduce between them: each participant's edge into the
/// reduce sends to every receiver, and each receiver's port keeps a ring
/// per participant and combines, at each pop, the next element of every
/// ring in participant order (the order the reduce's own fiber combines
/// in, so every receiver's result is the one it would have got). A round
/// then costs each receiver one hand-off from each participant, where
/// through the reduce's fiber it cost two in a row, the second after a
/// wake-up. Taken for a reduce of at most
/// MaxDirectPairs participant and receiver pairs, whose every participant
/// and receiver runs here, whose receivers are module instances (not
/// collectives) whose port the reduce alone feeds, in a run that is not
/// traced (a trace shows the reduce's steps). The reduce's instance then
/// has no edges and ends at once. After connectEdges, before anything
/// runs.
void directReduces(Runtime &R);
/// For a deadlock report, of a port that runs a reduce (its consumer
/// stopped): ", the result of reduce 'r', run here, with the contributions
/// of 'p[0]' in and of 'p[1]' not yet".
std::string describeCombined(const InputPort &In);
ModuleBase *makeBroadcast(std::string Name, unsigned NumReceivers);

/// Collectives that move data without combining it (DataMovement.cpp):
/// Kind is Gather, Scatter or AllToAll.
ModuleBase *makeDataMovement(std::string Name, aspen::abi::CollectiveKind Kind,
                             unsigned NumInputs, unsigned NumReceivers);

/// ASPEN_REDUCE_SEGMENT_BYTES: arrays from this size go Rabenseifner's way
/// across nodes (checked at start-up; 0 for always).
size_t reduceSegmentBytes();
void setReduceSegmentBytes(size_t Bytes); // before the run
ModuleBase *makePlanReduce(std::string Name, ReduceOp Op, UserReduceFn User,
                           const std::vector<PlanStep> *Steps);

/// A read-only view of a payload that is also kept elsewhere: what a reduce
/// part sends to another node while it keeps using the same data. The
/// transport writes the viewed payload's bytes; nobody may modify them while
/// the view lives.
class SharedView final : public Payload {
public:
  explicit SharedView(std::shared_ptr<Payload> P)
      : P(std::move(P)), Count(this->P->elementCount()) {}
  /// Elements [First, First + Count) of an array payload.
  SharedView(std::shared_ptr<Payload> P, size_t First, size_t Count,
             size_t ElemSize)
      : P(std::move(P)), Offset(First * ElemSize), Count(Count), Slice(true) {}
  const Payload &viewed() const { return *P; }
  Payload *clone() const override {
    if (!Slice)
      return P->clone();
    throw std::logic_error("a slice of a reduce's array is not copied");
  }
  const std::type_info *elementType() const override {
    return P->elementType();
  }
  void *elementData() override {
    return static_cast<char *>(P->elementData()) + Offset;
  }
  size_t elementCount() const override { return Count; }

private:
  std::shared_ptr<Payload> P;
  size_t Offset = 0, Count = 0;
  bool Slice = false;
};

/// The error for an empty element sent as a contribution, naming the
/// collective (Kind and Name: "reduce", "r") and the participant (From;
/// empty: unnamed).
[[noreturn]] void throwNoContribution(const char *Kind, const std::string &Name,
                                      const char *From);
/// A collective's next contribution on input Port into Out: false at the
/// end of the stream (a participant finished, which ends the collective).
/// An empty element that was sent is no contribution (throwNoContribution).
/// The message is made only then: this runs for every contribution.
bool nextContribution(ModuleBase &M, unsigned Port, const char *Kind,
                      const std::string &Name, QueueElement &Out);

/// `Acc op= Next`, elementwise, for arrays of int, long, long long (signed
/// and unsigned), float and double of equal length.
void combine(const std::string &Collective, ReduceOp Op, Payload &Acc,
             const Payload &Next);
/// Elements [First, First + Next's count) of Acc op= Next.
void combineAt(const std::string &Collective, ReduceOp Op, Payload &Acc,
               size_t First, const Payload &Next);
/// Bytes per element of an array payload of a built-in element type, or 0.
size_t elementSize(const Payload &P);

} // namespace aspen::rt

#endif // ASPEN_RT_COLLECTIVE_COLLECTIVES_H
