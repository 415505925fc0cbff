//===- DirectReduce.cpp - A reduce its receivers run ----------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// An all-reduce of two instances through the reduce's own fiber is two
// hand-offs in a row for each of them: its contribution to the reduce's
// queue, then, once the reduce has been woken and has combined, the result
// back. MPI's recursive doubling is one: each rank sends the other its
// value and combines what it gets. directReduces gives a small reduce that
// form: every participant sends every receiver a copy of its contribution,
// and every receiver's port combines them itself (Collectives.h says which
// reduces qualify).
//
// A receiver's port keeps one ring per participant (a queue kept by
// sender), so a round is the next element of every ring, whatever order
// they arrive in, and round k never mixes with round k + 1. A pop takes
// what has arrived into Held and returns a result only once every ring has
// given its element; the combine then runs in participant order from the
// first participant's copy, as the reduce's fiber does, so every receiver
// gets the result the fiber would have sent it.
//
// Every receiver reads every contribution, where through the fiber only
// the fiber did and each receiver read its result: for large arrays the
// same lines cross between cores (a contribution to the combining core, a
// result to its reader), but here on all receivers at once instead of one
// after the other. A receiver that does not read its result (a benchmark
// that checks two elements of it) no longer saves anything by that.
//
//===----------------------------------------------------------------------===//

#include "collective/Collectives.h"
#include "core/Graph.h"
#include <memory>
#include <unordered_map>
#include <vector>

using namespace aspen;
using namespace aspen::rt;

namespace aspen::rt {

/// A receiver's port that runs a reduce (InputPort::Combine); the
/// consumer's alone.
struct CombinedPort {
  CombinedPort(std::shared_ptr<const ReduceSpec> Spec, uint32_t P)
      : Spec(std::move(Spec)), Held(P), Got(P) {}
  ~CombinedPort() {
    for (size_t K = 0; K < Held.size(); ++K)
      if (Got[K])
        delete Held[K];
  }
  std::shared_ptr<const ReduceSpec> Spec;
  std::vector<Payload *> Held; // participant K's element of this round
  std::vector<char> Got;       // Held[K] is taken (it may be an empty one)
  uint64_t Pops = 0;           // results given
};

} // namespace aspen::rt

namespace {
// Made at start-up, kept until the process ends (ports point at them).
std::vector<std::unique_ptr<CombinedPort>> &combinedPorts() {
  static std::vector<std::unique_ptr<CombinedPort>> Ports;
  return Ports;
}
} // namespace

bool aspen::rt::combinedPop(InputPort &In, Payload *&Out) {
  CombinedPort &C = *In.Combine;
  const size_t P = C.Held.size();
  for (size_t K = 0; K < P; ++K)
    if (!C.Got[K]) {
      if (!In.Senders[K].Q->tryPop(C.Held[K]))
        return false;
      C.Got[K] = true;
    }
  const ReduceSpec &S = *C.Spec;
  // Every participant's element is in: the round's result, from the first
  // participant's copy (each receiver has copies of its own).
  QueueElement Round[MaxDirectPairs]; // P <= MaxDirectPairs
  for (size_t K = 0; K < P; ++K) {
    Round[K] = QueueElement(C.Held[K]);
    C.Got[K] = false;
  }
  for (size_t K = 0; K < P; ++K)
    if (!Round[K])
      throwNoContribution("reduce", S.Name, In.Senders[K].Name);
  for (size_t K = 1; K < P; ++K) {
    if (S.Op == ReduceOp::User)
      S.User(*Round[0].get(), *Round[K].get());
    else
      combine(S.Name, S.Op, *Round[0].get(), *Round[K].get());
  }
  Out = Round[0].release();
  ++C.Pops;
  return true;
}

std::string aspen::rt::describeCombined(const InputPort &In) {
  const CombinedPort &C = *In.Combine;
  std::string Has, Lacks;
  for (size_t K = 0; K < C.Held.size(); ++K) {
    std::string &To = C.Got[K] || In.Senders[K].Q->size() ? Has : Lacks;
    To += std::string(To.empty() ? "" : ", ") + "'" + In.Senders[K].Name + "'";
  }
  return ", the result of reduce '" + C.Spec->Name +
         "', combined here, with the contributions of " +
         (Has.empty() ? "no participant" : Has) + " in and of " + Lacks +
         " not yet";
}

uint64_t aspen::rt::combinedPops(const InputPort &In) {
  return In.Combine->Pops;
}

bool aspen::rt::combinedEnded(InputPort &In) {
  CombinedPort &C = *In.Combine;
  for (size_t K = 0; K < C.Held.size(); ++K)
    if (!C.Got[K] && !In.Senders[K].Open.load(std::memory_order_acquire)) {
      // Closed: what it sent before is visible now.
      if (!In.Senders[K].Q->tryPop(C.Held[K]))
        return true; // this participant ended, and so has the reduce
      C.Got[K] = true;
    }
  return false;
}

bool aspen::rt::combinedReady(InputPort &In) {
  CombinedPort &C = *In.Combine;
  for (size_t K = 0; K < C.Held.size(); ++K)
    if (!C.Got[K] && In.Senders[K].Q->size() == 0)
      return false;
  return true;
}

void aspen::rt::directReduces(Runtime &R) {
  std::vector<Instance *> Reduces;
  for (auto &I : R.Instances)
    if (I->Type->Reduce &&
        I->Type->Inputs.size() * I->Type->Outputs.size() <= MaxDirectPairs)
      Reduces.push_back(I.get());
  if (Reduces.empty())
    return;
  // The edges into each reduce's ports: their sender and target.
  std::unordered_map<const InputPort *,
                     std::vector<std::pair<uint32_t, Target *>>>
      Into;
  for (Instance *X : Reduces)
    for (size_t K = 0; K < X->Type->Inputs.size(); ++K)
      Into[&X->Inputs[K]];
  for (size_t Id = 0; Id < R.Instances.size(); ++Id)
    for (OutputPort &O : R.Instances[Id]->Outputs)
      for (Target &T : O.Targets)
        if (auto It = Into.find(T.Port); It != Into.end())
          It->second.push_back({uint32_t(Id), &T});

  for (Instance *X : Reduces) {
    const size_t P = X->Type->Inputs.size(), NR = X->Type->Outputs.size();
    if (P == 0 || NR == 0 || NR > MaxDirectReceivers)
      continue;
    bool Ok = true;
    std::vector<std::pair<uint32_t, Target *>> From(P);
    for (size_t K = 0; K < P && Ok; ++K) {
      auto &Feeds = Into[&X->Inputs[K]];
      Ok = Feeds.size() == 1 && X->Inputs[K].NumProducers == 1 &&
           !Feeds[0].second->Direct;
      if (Ok)
        From[K] = Feeds[0];
    }
    std::vector<Target *> To(NR);
    for (size_t J = 0; J < NR && Ok; ++J) {
      OutputPort &O = X->Outputs[J];
      Ok = O.Targets.size() == 1;
      if (!Ok)
        break;
      Target &T = O.Targets[0];
      const InputPort &Q = *T.Port;
      Ok = Q.NumProducers == 1 && Q.Spsc && !Q.BySender && !Q.Combine &&
           !R.Instances[T.Inst]->Type->Builtin;
      To[J] = &T;
    }
    if (!Ok)
      continue;

    // Each receiver's port: a ring per participant, in participant order.
    for (size_t J = 0; J < NR; ++J) {
      InputPort &Q = *To[J]->Port;
      Q.Spsc.reset();
      Q.BySender = true;
      Q.Senders.reset(new SenderRing[P]);
      Q.NumSenders = uint32_t(P);
      for (size_t K = 0; K < P; ++K) {
        SenderRing &Ring = Q.Senders[K];
        Ring.Q = std::make_unique<SPSCQueue<Payload *>>(R.QueueCapacity);
        Ring.Inst = From[K].first;
        Ring.Name = R.Instances[Ring.Inst]->Name.c_str();
      }
      Q.NumProducers = uint32_t(P);
      Q.ProducerSlots.reset(new std::atomic<Fiber *>[P]());
      Q.OpenProducers.store(uint32_t(P), std::memory_order_relaxed);
      combinedPorts().push_back(
          std::make_unique<CombinedPort>(X->Type->Reduce, uint32_t(P)));
      Q.Combine = combinedPorts().back().get();
    }
    // Each participant's edge: to its ring at every receiver. The edge
    // keeps its target, the reduce, for statistics and messages; a dump
    // draws its rings as edges on to the receivers.
    for (size_t K = 0; K < P; ++K) {
      Target &T = *From[K].second;
      T.Direct = std::make_shared<std::vector<Target>>();
      for (size_t J = 0; J < NR; ++J) {
        T.Direct->push_back({To[J]->Port, uint32_t(K), To[J]->Inst});
        T.Direct->back().FlowKey = T.FlowKey;
      }
    }
    // The reduce itself: nothing comes in or goes out; it ends at once.
    for (size_t K = 0; K < P; ++K) {
      InputPort &In = X->Inputs[K];
      In.Spsc.reset();
      In.NumProducers = 0;
      In.OpenProducers.store(0, std::memory_order_relaxed);
    }
    for (size_t J = 0; J < NR; ++J)
      X->Outputs[J].Targets.clear();
    X->RunByReceivers = true;
  }
}
