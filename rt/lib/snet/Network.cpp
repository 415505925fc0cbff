//===- Network.cpp - The network instance's fiber: input and output -------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "snet/Engine.h"
#include "support/Support.h"
#include "trace/Trace.h"

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::snet;

namespace aspen::snet::engine {

void Engine::run() {
  Instance &I = *ModuleAccess::self(Self);
  Scheduler *S = currentScheduler();
  HelpersAlive.store(int(NumHelpers));
  for (unsigned H = 0; H < NumHelpers; ++H) {
    auto F = std::make_unique<Fiber>();
    Runner *W = Runners[H].get();
    W->F = F.get();
    F->Owner = &I;
    F->TraceName = &I.Name;
    F->Body = [this, W] { runHelper(*W); };
    Fiber *Raw = F.get();
    {
      std::lock_guard<std::mutex> Lock(HelpersLock);
      AllHelpers.push_back(std::move(F));
    }
    S->spawnNow(Raw);
  }

  try {
    pump();
  } catch (...) {
    fail(std::current_exception());
  }

  // Stop the helpers and wait for the last to leave.
  Stop.store(true, std::memory_order_release);
  for (unsigned H = 0; H < NumHelpers; ++H)
    if (Runners[H]->Sleeping.exchange(false, std::memory_order_acq_rel)) {
      NumSleeping.fetch_sub(1, std::memory_order_relaxed);
      S->wake(Runners[H]->F);
    }
  // The last helper to leave wakes this fiber (runHelper's end).
  while (HelpersAlive.load(std::memory_order_acquire) != 0) {
    I.F.St.store(Fiber::Parking, std::memory_order_relaxed);
    fullFence();
    if (HelpersAlive.load(std::memory_order_acquire) == 0) {
      I.F.St.store(Fiber::Running, std::memory_order_relaxed);
      break;
    }
    S->park();
  }
  if (Failed.load(std::memory_order_acquire))
    std::rethrow_exception(Error);
  if (StatsEnabled)
    keepStats();
}

void Engine::enterInputs(Runner &W) {
  // An exchange, not a store: it acquires pump's push of the records.
  InputLicencePending.exchange(false, std::memory_order_acq_rel);
  InputClaim.poke([&] {
    while (Item *It = Inputs.pop()) {
      if (It->E) { // an initialiser's firing (run)
        const int Box = It->E->Id;
        Cont K = std::move(It->K);
        delete It;
        fireInit(W, Box, std::move(K), 0);
        recordDone(W);
        continue;
      }
      Record R = std::move(It->R);
      delete It;
      route(W, {true, G.Root, std::move(R), Cont()});
      recordDone(W);
    }
  });
}

void Engine::pump() {
  Instance &I = *ModuleAccess::self(Self);
  InputPort &In = I.Inputs[0];
  Scheduler *S = currentScheduler();
  Runner &Main = *Runners[NumHelpers];
  bool InputDone = false;
  auto Admit = [&](Payload *P) {
    uint64_t TPop = trace::Enabled ? trace::now() : 0;
    QueueElement Q(P);
    wakeProducers(In);
    if (TPop) // the dequeue that ends the arrow of the record's send
      traceDequeue(I, 0, TPop - 1, TPop);
    if (!P || typeid(*P) != typeid(Record)) {
      const Node &Root = G.Nodes[G.Root];
      throw PayloadTypeError(
          "the network" + (Root.Where.empty() ? "" : " at " + Root.Where) +
          " received " +
          (P ? "a payload of type '" + demangle(typeid(*P).name()) + "'"
             : std::string("an empty element")) +
          "; networks take aspen::snet::Record payloads");
    }
    Record &R = *static_cast<Record *>(P);
    ++RecordsIn;
    // A helper routes it: this fiber does not examine synchro-cells, so a
    // network of filters and cells routed here would unfold whole (every
    // leaf of PowerOfTwo(20) waiting at the first cell: 280 MiB) before a
    // helper ran a cell. The input stream is an entity of its own, whose
    // examiner routes its records one by one, in stream order; each is
    // counted pending until routed (enterInputs).
    Pending.fetch_add(1, std::memory_order_relaxed);
    Inputs.push(new Item(std::move(R), Cont()));
    if (!InputLicencePending.exchange(true, std::memory_order_acq_rel)) {
      Main.Licences.push(&InputLicence);
      wakeHelper();
    }
  };
  // Initialisers fire first, each once, with an empty record: a helper
  // pushes them to their boxes (enterInputs) before any input record, and
  // each counts as pending until its outputs have left.
  for (const auto &[Id, K] : Inits) {
    auto *It = new Item(Record(), Cont(K));
    It->E = Entities[Id].get();
    Pending.fetch_add(1, std::memory_order_relaxed);
    Inputs.push(It);
  }
  if (!Inits.empty() &&
      !InputLicencePending.exchange(true, std::memory_order_acq_rel)) {
    Main.Licences.push(&InputLicence);
    wakeHelper();
  }
  while (!Failed.load(std::memory_order_acquire)) {
    bool Progress = false;
    // Helpers that gave way to this fiber (giveWay) sleep until it runs.
    fullFence();
    if (NumSleeping.load(std::memory_order_relaxed) > 0) {
      bool Licences = false;
      for (auto &V : Runners)
        Licences = Licences || !V->Licences.empty();
      for (unsigned K = 0; Licences && K < NumHelpers; ++K)
        wakeHelper();
    }
    while (Item *It = Exit.pop()) {
      Record *Out = new Record(std::move(It->R));
      delete It;
      ++RecordsOut;
      Self.aspenSend(0, Out);
      Progress = true;
    }
    if (!InputDone && Pending.load(std::memory_order_acquire) < AdmitLimit) {
      Payload *P = nullptr;
      if (In.tryPop(P)) {
        Admit(P);
        continue;
      }
      if (In.ended()) {
        if (In.tryPop(P))
          Admit(P);
        else
          InputDone = true;
        continue;
      }
    }
    if (InputDone && Pending.load(std::memory_order_acquire) == 0 &&
        !Exit.mayHaveItems())
      break;
    if (Progress)
      continue;
    // Wait for output, input, room to admit, or the end.
    I.F.St.store(Fiber::Parking, std::memory_order_relaxed);
    MainWaiting.store(true, std::memory_order_relaxed);
    bool WantInput = !InputDone;
    if (WantInput)
      In.Consumer.store(&I.F, std::memory_order_relaxed);
    consumerBarrier(In);
    int64_t P = Pending.load(std::memory_order_acquire);
    bool Ready =
        Failed.load() || Exit.mayHaveItems() || (InputDone && P == 0) ||
        (WantInput && P < AdmitLimit && (In.mayHaveInput() || In.ended()));
    if (Ready) {
      In.Consumer.store(nullptr, std::memory_order_relaxed);
      MainWaiting.store(false, std::memory_order_relaxed);
      I.F.St.store(Fiber::Running, std::memory_order_relaxed);
      continue;
    }
    I.Blocked = Instance::Dequeue;
    I.BlockedPort = 0;
    S->park();
    I.Blocked = Instance::None;
    In.Consumer.store(nullptr, std::memory_order_relaxed);
    MainWaiting.store(false, std::memory_order_relaxed);
  }
}

} // namespace aspen::snet::engine
