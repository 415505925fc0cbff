//===- Collectives.cpp - Reduce and Broadcast inside one process ----------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "collective/Collectives.h"
#include "core/Graph.h"
#include "support/Support.h"
#include "trace/Trace.h"
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
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

/// Whether P is an ArrayPayload of a built-in element type itself, not a
/// class derived from one: nothing but its elements, so which of two
/// operands a result is formed in does not show.
template <typename... T> bool isOneOf(const Payload &P) {
  return ((typeid(P) == typeid(ArrayPayload<T>)) || ...);
}
bool plainArray(const Payload &P) {
  return isOneOf<double, float, int, long, long long, unsigned, unsigned long,
                 unsigned long long, short>(P);
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

} // namespace

bool aspen::rt::nextContribution(ModuleBase &M, unsigned Port, const char *Kind,
                                 const std::string &Name, QueueElement &Out) {
  bool Ended;
  Out = QueueElement(dequeueOrEnd(*ModuleAccess::self(M), Port, Ended));
  if (Out || Ended)
    return !Ended;
  throwNoContribution(Kind, Name,
                      ModuleAccess::self(M)->Type->Inputs[Port].c_str());
}

void aspen::rt::throwNoContribution(const char *Kind, const std::string &Name,
                                    const char *From) {
  std::string Who = *From ? "'" + std::string(From) + "'" : "a participant";
  throw PayloadTypeError(
      std::string(Kind) + " '" + Name + "': " + Who +
      " sent an empty element, which is no contribution (a participant ends "
      "its contributions by returning from run())");
}

namespace {
class ReduceModule final : public gen::Module {
public:
  ReduceModule(std::string Name, ReduceOp Op, UserReduceFn User, unsigned P,
               unsigned R)
      : Name(std::move(Name)), Op(Op), User(User), P(P), R(R) {}

  void run() override {
    for (;;) {
      // A participant whose stream has ended ends the reduce (and so the
      // streams of its receivers).
      QueueElement Acc;
      if (!nextContribution(*this, 0, "reduce", Name, Acc))
        return;
      for (unsigned K = 1; K < P; ++K) {
        QueueElement Next;
        if (!nextContribution(*this, K, "reduce", Name, Next))
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
class PlanReduceModule final : public gen::Module {
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
      auto Cur = [&]() -> Payload * {
        return Uniq ? Uniq.get() : Shared.get();
      };
      const std::vector<PlanStep> &All = *Steps;
      size_t From = 0;
      if (!All.empty() && (All[0].Flags & PlanSegmentable)) {
        if (!nextContribution(*this, All[0].Port, "reduce", Name, Uniq))
          return; // a stream ended: so does the reduce
        size_t ES = elementSize(*Uniq.get());
        size_t Pieces = size_t(1) << stages();
        // Only plain arrays go in pieces: a class derived from one has
        // fields besides its elements, which every node must receive from
        // the first participant, as the butterfly's whole messages carry.
        if (ES && plainArray(*Uniq.get()) &&
            Uniq.get()->elementCount() >= Pieces &&
            Uniq.get()->elementCount() * ES >= reduceSegmentBytes()) {
          if (!segmented(std::move(Uniq), ES, Pieces))
            return;
          continue;
        }
        From = 1;
      }
      for (size_t Index = From; Index < All.size(); ++Index) {
        const PlanStep &S = All[Index];
        switch (S.K) {
        case PlanStep::TakeLocal:
        case PlanStep::Replace:
          Shared.reset();
          if (!nextContribution(*this, S.Port, "reduce", Name, Uniq))
            return; // a stream ended: so does the reduce
          break;
        case PlanStep::Combine: {
          QueueElement Next;
          if (!nextContribution(*this, S.Port, "reduce", Name, Next))
            return;
          if (Cur())
            checkLengths(*Cur(), *Next.get());
          if (!Cur()) {
            Uniq = std::move(Next);
          } else if ((S.Flags & PlanLeft) ||
                     (Op != ReduceOp::User && plainArray(*Cur()))) {
            // The result is formed in the left operand (the one holding
            // the earlier participants), so that a payload class's own
            // fields come from the first participant on every node, as on
            // one node. Built-in operations are commutative, and a plain
            // array has nothing else: it may take the incoming message
            // either way round, without a copy of ours.
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
  unsigned stages() const {
    unsigned N = 0;
    for (const PlanStep &S : *Steps)
      N += S.K == PlanStep::Combine;
    return N;
  }

  /// Rabenseifner's all-reduce over the butterfly's links: reduce-scatter
  /// by recursive halving (each stage sends the half the partner keeps and
  /// combines the half it keeps), then allgather by recursive doubling in
  /// the reverse order. Each node sends and combines 1/2 + 1/4 + ... of the
  /// array instead of all of it at every stage, and every element of the
  /// result is computed once, on one node, so all nodes get the same bits.
  /// The slices sent are views of the array: a stage writes only the half
  /// it keeps, and the allgather fills a range only after the partner has
  /// received it, i.e. after it was written out. False when a stream ended.
  /// The size of the chunks a range travels in.
  static constexpr size_t ChunkBytes = 128 << 10;

  bool segmented(QueueElement Mine, size_t ES, size_t Pieces) {
    struct Stage {
      uint32_t Send, Recv;
      bool Upper;
    };
    std::vector<Stage> Stages;
    std::vector<const PlanStep *> Deliveries;
    for (size_t K = 1; K < Steps->size(); ++K) {
      const PlanStep &S = (*Steps)[K];
      if (S.K == PlanStep::Send)
        Stages.push_back({S.Port, 0, false});
      else if (S.K == PlanStep::Combine)
        Stages.back().Recv = S.Port, Stages.back().Upper = S.Flags & PlanUpper;
      else if (S.K == PlanStep::Deliver)
        Deliveries.push_back(&S);
    }
    // Views of A are sent while A is kept; the deleter can be told to let
    // go, so a result no view holds any more is handed over, not copied.
    struct MaybeDelete {
      bool Keep = false;
      void operator()(Payload *P) const {
        if (!Keep)
          delete P;
      }
    };
    std::shared_ptr<Payload> A(Mine.release(), MaybeDelete{});
    const size_t N = A->elementCount();
    auto At = [&](size_t Piece) { return N * Piece / Pieces; };
    auto Expect = [&](const QueueElement &Q, size_t Count) {
      const std::type_info *Ty = Q.get()->elementType();
      if (!Ty || *Ty != *A->elementType())
        throw PayloadTypeError("reduce '" + Name +
                               "': the nodes' arrays have different types (" +
                               demangle(A->elementType()->name()) + " here, " +
                               (Ty ? demangle(Ty->name()) : "not an array") +
                               " from another node)");
      if (Q.get()->elementCount() != Count)
        throw std::length_error(
            "reduce '" + Name + "': the nodes' arrays differ in length (" +
            std::to_string(N) + " elements here; a piece of " +
            std::to_string(Q.get()->elementCount()) +
            " came from another "
            "node where " +
            std::to_string(Count) + " were due)");
    };
    // Ranges go in chunks, so a chunk is combined (or copied) while the
    // next ones are still on the wire; both ends cut a range the same way.
    const size_t Chunk = std::max<size_t>(1, ChunkBytes / ES);
    auto SendRange = [&](uint32_t Port, size_t First, size_t Count) {
      for (size_t Off = 0; Off < Count; Off += Chunk)
        aspenSend(Port, QueueElement(new SharedView(
                            A, First + Off, std::min(Chunk, Count - Off), ES)));
    };
    // Receives Count elements in chunks and hands each to Take(offset).
    auto RecvRange = [&](uint32_t Port, size_t Count, auto &&Take) {
      for (size_t Off = 0; Off < Count; Off += Chunk) {
        QueueElement Next = aspenDequeue(Port);
        if (!Next)
          return false;
        Expect(Next, std::min(Chunk, Count - Off));
        Take(Off, *Next.get());
      }
      return true;
    };
    size_t Lo = 0, Hi = Pieces;
    for (const Stage &St : Stages) {
      size_t Mid = (Lo + Hi) / 2;
      size_t KeepLo = St.Upper ? Mid : Lo, KeepHi = St.Upper ? Hi : Mid;
      size_t GiveLo = St.Upper ? Lo : Mid, GiveHi = St.Upper ? Mid : Hi;
      SendRange(St.Send, At(GiveLo), At(GiveHi) - At(GiveLo));
      bool Ok = RecvRange(St.Recv, At(KeepHi) - At(KeepLo),
                          [&](size_t Off, const Payload &Next) {
                            uint64_t T0 = trace::Enabled ? trace::now() : 0;
                            combineAt(Name, Op, *A, At(KeepLo) + Off, Next);
                            if (trace::Enabled)
                              trace::record(trace::ReduceStep, &Name, nullptr,
                                            T0, trace::now());
                          });
      if (!Ok)
        return false;
      Lo = KeepLo;
      Hi = KeepHi;
    }
    for (auto It = Stages.rbegin(); It != Stages.rend(); ++It) {
      size_t W = Hi - Lo;
      SendRange(It->Send, At(Lo), At(Hi) - At(Lo));
      size_t PLo = It->Upper ? Lo - W : Hi, PHi = PLo + W;
      bool Ok = RecvRange(
          It->Recv, At(PHi) - At(PLo), [&](size_t Off, Payload &Next) {
            std::memcpy(static_cast<char *>(A->elementData()) +
                            (At(PLo) + Off) * ES,
                        Next.elementData(), Next.elementCount() * ES);
          });
      if (!Ok)
        return false;
      Lo = std::min(Lo, PLo);
      Hi = std::max(Hi, PHi);
    }
    // The views may still be queued for writing: hand over a copy unless
    // the transport has let go of all of them.
    for (size_t K = 0; K < Deliveries.size(); ++K) {
      bool Last = K + 1 == Deliveries.size();
      if (Last && A.use_count() == 1) {
        std::atomic_thread_fence(std::memory_order_acquire);
        Payload *Raw = A.get();
        std::get_deleter<MaybeDelete>(A)->Keep = true;
        A.reset();
        aspenSend(Deliveries[K]->Port, QueueElement(Raw));
      } else {
        aspenSend(Deliveries[K]->Port, QueueElement(A->clone()));
      }
    }
    return true;
  }

  /// Built-in operations: arrays of one length, ours and one from another
  /// node (where a count that differs may be a piece: a node whose array
  /// is large enough sends it in pieces, see segmented()).
  void checkLengths(const Payload &Ours, const Payload &In) {
    if (Op == ReduceOp::User || !Ours.elementType() || !In.elementType() ||
        *Ours.elementType() != *In.elementType() ||
        Ours.elementCount() == In.elementCount())
      return; // equal, or combine() says what is wrong
    bool Pieces = !Steps->empty() && ((*Steps)[0].Flags & PlanSegmentable);
    throw std::length_error(
        "reduce '" + Name + "': the nodes' arrays differ in length (" +
        std::to_string(Ours.elementCount()) + " elements here, " +
        std::to_string(In.elementCount()) + " from another node" +
        (Pieces ? ", which may be a piece: arrays of " +
                      std::to_string(reduceSegmentBytes()) +
                      " bytes and more cross in pieces)"
                : ")"));
  }

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

class BroadcastModule final : public gen::Module {
public:
  explicit BroadcastModule(unsigned R) : R(R) {}
  void run() override {
    for (;;) {
      bool Ended;
      QueueElement E(dequeueOrEnd(*ModuleAccess::self(*this), 0, Ended));
      if (Ended)
        return; // every source has ended
      // An empty element that was sent passes on as one, to every
      // receiver.
      for (unsigned K = 0; K + 1 < R; ++K)
        aspenSend(K, E ? QueueElement(E.get()->clone()) : QueueElement());
      aspenSend(R - 1, std::move(E));
    }
  }

private:
  unsigned R;
};

template <typename T>
bool tryApplyAt(ReduceOp Op, Payload &Acc, size_t First, const Payload &Next) {
  if (*Acc.elementType() != typeid(T))
    return false;
  apply(Op, static_cast<T *>(Acc.elementData()) + First,
        static_cast<const T *>(const_cast<Payload &>(Next).elementData()),
        Next.elementCount());
  return true;
}

template <typename T> size_t sizeIf(const std::type_info &Ty) {
  return Ty == typeid(T) ? sizeof(T) : 0;
}

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

size_t aspen::rt::elementSize(const Payload &P) {
  const std::type_info *Ty = P.elementType();
  if (!Ty)
    return 0;
  size_t S = sizeIf<double>(*Ty) | sizeIf<float>(*Ty) | sizeIf<int>(*Ty) |
             sizeIf<long>(*Ty) | sizeIf<long long>(*Ty) |
             sizeIf<unsigned>(*Ty) | sizeIf<unsigned long>(*Ty) |
             sizeIf<unsigned long long>(*Ty) | sizeIf<short>(*Ty);
  return S;
}

void aspen::rt::combineAt(const std::string &Collective, ReduceOp Op,
                          Payload &Acc, size_t First, const Payload &Next) {
  const std::type_info *TB = Next.elementType();
  if (!TB || *TB != *Acc.elementType())
    throw PayloadTypeError("reduce '" + Collective +
                           "': nodes sent arrays of different element types");
  if (First + Next.elementCount() > Acc.elementCount())
    throw std::length_error("reduce '" + Collective +
                            "': a node sent more elements than the array "
                            "holds (arrays of different lengths?)");
  if (tryApplyAt<double>(Op, Acc, First, Next) ||
      tryApplyAt<float>(Op, Acc, First, Next) ||
      tryApplyAt<int>(Op, Acc, First, Next) ||
      tryApplyAt<long>(Op, Acc, First, Next) ||
      tryApplyAt<long long>(Op, Acc, First, Next) ||
      tryApplyAt<unsigned>(Op, Acc, First, Next) ||
      tryApplyAt<unsigned long>(Op, Acc, First, Next) ||
      tryApplyAt<unsigned long long>(Op, Acc, First, Next) ||
      tryApplyAt<short>(Op, Acc, First, Next))
    return;
  throw PayloadTypeError("reduce '" + Collective +
                         "': built-in operations work on arrays of integers, "
                         "float or double");
}

static size_t SegmentBytes = size_t(64) << 10;
size_t aspen::rt::reduceSegmentBytes() { return SegmentBytes; }
void aspen::rt::setReduceSegmentBytes(size_t Bytes) { SegmentBytes = Bytes; }

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
