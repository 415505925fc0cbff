//===- Collectives.cpp - Reduce and Broadcast inside one process ----------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Collectives.h"
#include "Trace.h"
#include <algorithm>
#include <cstdint>
#include <stdexcept>

using namespace aspen;
using namespace aspen::rt;

namespace {

template <typename T> void apply(ReduceOp Op, T *A, const T *B, size_t N) {
  switch (Op) {
  case ReduceOp::Sum:
    for (size_t I = 0; I < N; ++I)
      A[I] += B[I];
    break;
  case ReduceOp::Multiply:
    for (size_t I = 0; I < N; ++I)
      A[I] *= B[I];
    break;
  case ReduceOp::Min:
    for (size_t I = 0; I < N; ++I)
      A[I] = std::min(A[I], B[I]);
    break;
  case ReduceOp::Max:
    for (size_t I = 0; I < N; ++I)
      A[I] = std::max(A[I], B[I]);
    break;
  case ReduceOp::User:
    break;
  }
}

template <typename T>
bool tryApply(ReduceOp Op, Payload &Acc, const Payload &Next) {
  if (*Acc.elementType() != typeid(T))
    return false;
  apply(Op, static_cast<T *>(Acc.elementData()),
        static_cast<const T *>(const_cast<Payload &>(Next).elementData()),
        Acc.elementCount());
  return true;
}

class ReduceModule final : public ModuleBase {
public:
  ReduceModule(std::string Name, ReduceOp Op, UserReduceFn User, unsigned P,
               unsigned R)
      : Name(std::move(Name)), Op(Op), User(User), P(P), R(R) {}

  void run() override {
    for (;;) {
      // A participant whose stream has ended ends the reduce (and so the
      // streams of its receivers).
      QueueElement Acc = aspenDequeue(0);
      if (!Acc)
        return;
      for (unsigned K = 1; K < P; ++K) {
        QueueElement Next = aspenDequeue(K);
        if (!Next)
          return;
        uint64_t T0 = trace::Enabled ? trace::now() : 0;
        if (Op == ReduceOp::User)
          User(*Acc.get(), *Next.get());
        else
          combine(Name, Op, *Acc.get(), *Next.get());
        if (trace::Enabled)
          trace::record(trace::ReduceStep, &Name, nullptr, T0, trace::now());
      }
      for (unsigned K = 0; K + 1 < R; ++K)
        aspenSend(K, QueueElement(Acc.get()->clone()));
      aspenSend(R - 1, std::move(Acc));
    }
  }

private:
  std::string Name;
  ReduceOp Op;
  UserReduceFn User;
  unsigned P, R;
};

/// One node's part of a reduce planned across nodes: the same steps every
/// round, messages to and from the other nodes' parts on queues of their
/// own, so rounds and concurrent reduces never mix here either.
class PlanReduceModule final : public ModuleBase {
public:
  PlanReduceModule(std::string Name, ReduceOp Op, UserReduceFn User,
                   const std::vector<PlanStep> *Steps)
      : Name(std::move(Name)), Op(Op), User(User), Steps(Steps) {}

  // What the part holds is either its own (Uniq) or also being sent to
  // other nodes (Shared, read-only until those sends are written): a send
  // shares instead of copying, and a combine writes into the message that
  // came in, so the held data is never modified while shared.
  void run() override {
    for (;;) {
      QueueElement Uniq;
      std::shared_ptr<Payload> Shared;
      auto Cur = [&]() -> Payload * { return Uniq ? Uniq.get() : Shared.get(); };
      for (const PlanStep &S : *Steps) {
        switch (S.K) {
        case PlanStep::TakeLocal:
        case PlanStep::Replace:
          Uniq = aspenDequeue(S.Port);
          Shared.reset();
          if (!Uniq)
            return; // a stream ended: so does the reduce
          break;
        case PlanStep::Combine: {
          QueueElement Next = aspenDequeue(S.Port);
          if (!Next)
            return;
          if (!Cur()) {
            Uniq = std::move(Next);
          } else if (Op != ReduceOp::User || (S.Flags & PlanLeft)) {
            // Built-in operations are commutative, so the result can be
            // formed in the incoming message either way round.
            apply(*Next.get(), *Cur());
            Uniq = std::move(Next);
            Shared.reset();
          } else {
            if (!Uniq) { // shared: combine into a copy of our own
              Uniq = QueueElement(Shared->clone());
              Shared.reset();
            }
            apply(*Uniq.get(), *Next.get());
          }
          break;
        }
        case PlanStep::Send:
          if (Uniq)
            Shared.reset(Uniq.release());
          aspenSend(S.Port, QueueElement(new SharedView(Shared)));
          break;
        case PlanStep::Deliver:
          if ((S.Flags & PlanLastUse) && Uniq)
            aspenSend(S.Port, std::move(Uniq));
          else
            aspenSend(S.Port, QueueElement(Cur()->clone()));
          break;
        }
      }
    }
  }

private:
  void apply(Payload &Acc, const Payload &Next) {
    uint64_t T0 = trace::Enabled ? trace::now() : 0;
    if (Op == ReduceOp::User)
      User(Acc, Next);
    else
      combine(Name, Op, Acc, Next);
    if (trace::Enabled)
      trace::record(trace::ReduceStep, &Name, nullptr, T0, trace::now());
  }

  std::string Name;
  ReduceOp Op;
  UserReduceFn User;
  const std::vector<PlanStep> *Steps;
};

class BroadcastModule final : public ModuleBase {
public:
  explicit BroadcastModule(unsigned R) : R(R) {}
  void run() override {
    for (;;) {
      QueueElement E = aspenDequeue(0);
      if (!E)
        return; // every source has ended
      for (unsigned K = 0; K + 1 < R; ++K)
        aspenSend(K, QueueElement(E.get()->clone()));
      aspenSend(R - 1, std::move(E));
    }
  }

private:
  unsigned R;
};

} // namespace

void aspen::rt::combine(const std::string &Collective, ReduceOp Op,
                        Payload &Acc, const Payload &Next) {
  const std::type_info *TA = Acc.elementType(), *TB = Next.elementType();
  if (!TA || !TB)
    throw PayloadTypeError("reduce '" + Collective +
                           "': built-in operations need array payloads "
                           "(aspen::ArrayPayload<T>); use a user operation "
                           "for other payloads");
  if (*TA != *TB)
    throw PayloadTypeError("reduce '" + Collective +
                           "': participants sent arrays of different element "
                           "types");
  if (Acc.elementCount() != Next.elementCount())
    throw std::length_error("reduce '" + Collective +
                            "': participants sent arrays of " +
                            std::to_string(Acc.elementCount()) + " and " +
                            std::to_string(Next.elementCount()) + " elements");
  if (tryApply<double>(Op, Acc, Next) || tryApply<float>(Op, Acc, Next) ||
      tryApply<int>(Op, Acc, Next) || tryApply<long>(Op, Acc, Next) ||
      tryApply<long long>(Op, Acc, Next) || tryApply<unsigned>(Op, Acc, Next) ||
      tryApply<unsigned long>(Op, Acc, Next) ||
      tryApply<unsigned long long>(Op, Acc, Next) ||
      tryApply<short>(Op, Acc, Next))
    return;
  throw PayloadTypeError("reduce '" + Collective +
                         "': built-in operations work on arrays of integers, "
                         "float or double");
}

ModuleBase *aspen::rt::makeReduce(std::string Name, ReduceOp Op,
                                  UserReduceFn User, unsigned P, unsigned R) {
  return new ReduceModule(std::move(Name), Op, User, P, R);
}

ModuleBase *aspen::rt::makePlanReduce(std::string Name, ReduceOp Op,
                                      UserReduceFn User,
                                      const std::vector<PlanStep> *Steps) {
  return new PlanReduceModule(std::move(Name), Op, User, Steps);
}

ModuleBase *aspen::rt::makeBroadcast(std::string, unsigned R) {
  return new BroadcastModule(R);
}
