//===- Runners.cpp - Helper fibers: finding work, sleeping, waking --------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "snet/Engine.h"
#include "trace/Trace.h"

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::snet;

namespace aspen::snet::engine {

void Engine::wakeHelper() {
  fullFence(); // Dekker with a sleeper's announce-then-look
  if (NumSleeping.load(std::memory_order_relaxed) == 0)
    return;
  for (unsigned I = 0; I < NumHelpers; ++I) {
    Runner &H = *Runners[I];
    if (H.Sleeping.load(std::memory_order_relaxed) &&
        H.Sleeping.exchange(false, std::memory_order_acq_rel)) {
      NumSleeping.fetch_sub(1, std::memory_order_relaxed);
      currentScheduler()->wake(H.F);
      return;
    }
  }
}

/// Helpers keep their workers while licences last, so the network's own
/// fiber, once woken, could wait long for a worker to run it: its exit
/// queue then grows by every record that leaves (PowerOfTwo(20): 338 MiB).
/// A helper that finds it waiting sleeps instead, and the fiber wakes the
/// sleepers at its next turn while licences wait. Dekker with pump(): the
/// helper announces its sleep and then looks at the fiber's state; the
/// fiber, once running, fences and then looks for sleepers. True: park.
bool Engine::giveWay(Runner &W) {
  Fiber &Main = ModuleAccess::self(Self)->F;
  int S = Main.St.load(std::memory_order_relaxed);
  if (S != Fiber::Ready && S != Fiber::Runnable)
    return false;
  W.F->St.store(Fiber::Parking, std::memory_order_relaxed);
  W.Sleeping.store(true, std::memory_order_relaxed);
  NumSleeping.fetch_add(1, std::memory_order_seq_cst);
  fullFence();
  S = Main.St.load(std::memory_order_acquire);
  if ((S == Fiber::Ready || S == Fiber::Runnable) &&
      !Stop.load(std::memory_order_acquire))
    return true;
  if (W.Sleeping.exchange(false, std::memory_order_acq_rel)) {
    NumSleeping.fetch_sub(1, std::memory_order_relaxed);
    W.F->St.store(Fiber::Running, std::memory_order_relaxed);
    return false;
  }
  return true; // a waker took the flag: park, and be woken at once
}

void Engine::wakeMain() {
  fullFence();
  if (MainWaiting.load(std::memory_order_relaxed) &&
      MainWaiting.exchange(false, std::memory_order_acq_rel))
    currentScheduler()->wake(&ModuleAccess::self(Self)->F);
}

void Engine::fail(std::exception_ptr X) {
  {
    std::lock_guard<std::mutex> Lock(ErrorLock);
    if (!Error)
      Error = X;
  }
  Failed.store(true, std::memory_order_release);
  wakeMain();
}

bool Engine::findLicence(Runner &W, Item *&It) {
  return W.Licences.pop(It) ||
         stealFromRandom(Runners, W, W.Rand,
                         [&](Runner &V) { return V.Licences.steal(It); });
}

void Engine::runHelper(Runner &W) {
  Scheduler *S = currentScheduler();
  while (!Stop.load(std::memory_order_acquire) &&
         !Failed.load(std::memory_order_relaxed)) {
    Item *It = nullptr;
    bool Got = false;
    // While another helper is busy, its next outputs are likely soon: look
    // for a while before parking, since waking a parked helper costs a
    // futex round trip on the scheduler's side.
    // Never while a fiber waits for this worker: the network's own fiber
    // and its neighbours need it to move records in and out.
    int Spins =
        NumSleeping.load(std::memory_order_relaxed) + 1 < int(NumHelpers)
            ? BusySpins
            : IdleSpins;
    for (int Spin = 0; Spin < Spins && !Got; ++Spin) {
      if ((Got = findLicence(W, It)))
        break;
      if (Stop.load(std::memory_order_relaxed) ||
          (Spin % 64 == 63 && !S->maySpin()))
        break;
      __builtin_ia32_pause();
    }
    if (Got) {
      bool Licence = false; // a box's, which counts towards giving way
      try {
        if (It == &InputLicence) { // input records, from pump
          enterInputs(W);
        } else if (!It->L) { // a cell to examine, from the network's fiber
          // An exchange, not a store: it acquires the fiber's push of the
          // records this licence stands for.
          CellShard &Sh = *It->E->Shards[It->Seq];
          Sh.LicencePending.exchange(false, std::memory_order_acq_rel);
          examine(W, *It->E, Sh);
        } else {
          invoke(W, It);
          Licence = true;
        }
      } catch (...) {
        fail(std::current_exception());
        break;
      }
      // What this licence finished leaves Pending before the helper looks
      // for more work, gives way or sleeps: the network's fiber waits on it.
      settle(W);
      if (!Licence)
        continue;
      // Now and then: if the network's own fiber is waiting for a worker
      // (to send what left, or admit input), give it this one.
      if (++W.SinceLook == GiveWayEvery) {
        W.SinceLook = 0;
        if (giveWay(W))
          S->park(); // the network's fiber wakes us (pump)
      }
      continue;
    }
    // Sleep: announce, look once more, then park.
    W.F->St.store(Fiber::Parking, std::memory_order_relaxed);
    W.Sleeping.store(true, std::memory_order_relaxed);
    NumSleeping.fetch_add(1, std::memory_order_seq_cst);
    fullFence();
    bool Work = Stop.load(std::memory_order_acquire);
    for (auto &V : Runners)
      Work = Work || !V->Licences.empty();
    if (Work && W.Sleeping.exchange(false, std::memory_order_acq_rel)) {
      NumSleeping.fetch_sub(1, std::memory_order_relaxed);
      W.F->St.store(Fiber::Running, std::memory_order_relaxed);
      continue;
    }
    S->park(); // a waker took our flag, or will
  }
  // Once the count reaches 0 the network's fiber may return and free this
  // engine, so the last helper wakes it through pointers read before.
  // The decrement is a full barrier: either that fiber sees 0 before it
  // parks, or this wake sees it parking (Network.cpp, run).
  Fiber *Main = &ModuleAccess::self(Self)->F;
  if (HelpersAlive.fetch_sub(1, std::memory_order_seq_cst) == 1)
    S->wake(Main);
}

} // namespace aspen::snet::engine
