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

#ifndef ASPEN_RT_LIB_COLLECTIVES_H
#define ASPEN_RT_LIB_COLLECTIVES_H

#include "aspen/runtime.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace aspen::rt {

enum class ReduceOp : unsigned { Sum, Multiply, Min, Max, User };
using UserReduceFn = void (*)(Payload &, const Payload &);

ModuleBase *makeReduce(std::string Name, ReduceOp Op, UserReduceFn User,
                       unsigned NumParticipants, unsigned NumReceivers);
ModuleBase *makeBroadcast(std::string Name, unsigned NumReceivers);

/// One step of one node's part of a reduce across nodes (abi.def,
/// aspen_rt_set_plan).
struct PlanStep {
  enum Kind : uint32_t { TakeLocal, Send, Combine, Replace, Deliver };
  uint32_t K, Port, Flags;
};
enum : uint32_t { PlanLeft = 1, PlanLastUse = 2 };
ModuleBase *makePlanReduce(std::string Name, ReduceOp Op, UserReduceFn User,
                           const std::vector<PlanStep> *Steps);

/// A read-only view of a payload that is also kept elsewhere: what a reduce
/// part sends to another node while it keeps using the same data. The
/// transport writes the viewed payload's bytes; nobody may modify them while
/// the view lives.
class SharedView final : public Payload {
public:
  explicit SharedView(std::shared_ptr<Payload> P) : P(std::move(P)) {}
  const Payload &viewed() const { return *P; }
  Payload *clone() const override { return P->clone(); }
  const std::type_info *elementType() const override {
    return P->elementType();
  }
  void *elementData() override { return P->elementData(); }
  size_t elementCount() const override { return P->elementCount(); }

private:
  std::shared_ptr<Payload> P;
};

/// `Acc op= Next`, elementwise, for arrays of int, long, long long (signed
/// and unsigned), float and double of equal length.
void combine(const std::string &Collective, ReduceOp Op, Payload &Acc,
             const Payload &Next);

} // namespace aspen::rt

#endif // ASPEN_RT_LIB_COLLECTIVES_H
