//===- Boxes.cpp - Licences, invocation, the order-restoring collector ----===//
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

void Engine::claim(Runner &W, Entity &E, Lane &L) {
  bool Any = false;
  while (L.Active.load(std::memory_order_acquire) < E.Limit &&
         L.NextSeq - L.Drained.load(std::memory_order_acquire) < RingSize) {
    Item *It = L.In.pop();
    if (!It)
      break;
    It->Seq = L.NextSeq++;
    It->E = &E;
    It->L = &L;
    L.Active.fetch_add(1, std::memory_order_relaxed);
    W.Licences.push(It);
    Any = true;
  }
  if (Any)
    wakeHelper();
}

void Engine::invoke(Runner &W, Item *It) {
  Entity &E = *It->E;
  Lane &L = *It->L;
  const Node &N = *E.N;
  std::vector<Record> &Outs = W.Outs;
  Outs.clear();
  uint64_t T0 = trace::Enabled ? trace::now() : 0;
  if (!N.Patterns[0].matches(It->R))
    throw PayloadTypeError("box '" + N.Name + "'" + at(N) +
                           " got a record of type " + describe(It->R));
  try {
    N.BoxFun(It->R, Outs);
    W.fired(E.Id);
    if (trace::Enabled)
      trace::record(trace::Box, &N.Name, &ModuleAccess::self(Self)->Name, T0,
                    trace::now(), Outs.size());
  } catch (FieldTypeError &X) {
    // Taking the input's labels: a field of another type than box()'s
    // parameter means a wrong type or parameters out of the signature's
    // order.
    throw PayloadTypeError("box '" + N.Name + "'" + at(N) + ": " + X.what() +
                           " (box() takes the labels of its signature's "
                           "input, in that order)");
  } catch (PayloadTypeError &X) {
    throw PayloadTypeError("box '" + N.Name + "'" + at(N) + ": " + X.what());
  } catch (std::exception &X) {
    throw std::runtime_error("box '" + N.Name + "'" + at(N) + " threw " +
                             demangle(typeid(X).name()) + ": " + X.what());
  } catch (...) {
    throw std::runtime_error("box '" + N.Name + "'" + at(N) +
                             " threw an exception that is not a "
                             "std::exception");
  }
  if (E.InDet && Outs.size() != 1)
    countDet(W, It->K, int64_t(Outs.size()) - 1);
  // Route the outputs here, in parallel with other invocations, as far as
  // they go without touching an entity; the collector does the rest.
  W.Captured.clear();
  W.Capture = &W.Captured;
  struct Reset {
    Runner &W;
    ~Reset() { W.Capture = nullptr; }
  } ResetCapture{W};
  // Flow inheritance: the input's labels that the box's input type does
  // not name go to every output. They are found once, not once per output
  // (a box may emit many records), and there are usually none.
  if (hasMoreLabels(It->R, N.Patterns[0].Type)) { // it matched the type
    Record Extra;
    inherit(Extra, It->R, N.Patterns[0].Type);
    for (Record &O : Outs)
      inherit(O, Extra, {});
  }
  if (Outs.size() == 1) { // the usual case: routed in place
    route(W, Step{false, -1, std::move(Outs[0]), std::move(It->K)});
  } else {
    for (auto O = Outs.rbegin(); O != Outs.rend(); ++O)
      W.Stack.push_back({false, -1, std::move(*O), It->K});
    route(W, W.Stack.size() - Outs.size());
  }
  W.Capture = nullptr;
  Item *Head = nullptr;
  for (auto O = W.Captured.rbegin(); O != W.Captured.rend(); ++O) {
    O->second->E = O->first;
    O->second->Next.store(Head, std::memory_order_relaxed);
    Head = O->second;
  }
  W.Captured.clear();
  Lane::Slot &S = L.Slots[It->Seq % RingSize];
  delete It;
  S.Head = Head;
  S.Ready.store(true, std::memory_order_release);
  L.Active.fetch_sub(1, std::memory_order_acq_rel);
  L.Collect.poke([&] { collect(W, E, L); });
  L.Claim.poke([&] { claim(W, E, L); });
}

void Engine::collect(Runner &W, Entity &E, Lane &L) {
  bool Any = false;
  for (;;) {
    Lane::Slot &S = L.Slots[L.CollectPos % RingSize];
    if (!S.Ready.load(std::memory_order_acquire))
      break;
    Item *It = S.Head;
    S.Head = nullptr;
    S.Ready.store(false, std::memory_order_relaxed);
    L.Drained.store(++L.CollectPos, std::memory_order_release);
    while (It) {
      // Read before the push, which reuses Next (and a licence, E).
      Item *Next =
          static_cast<Item *>(It->Next.load(std::memory_order_relaxed));
      Entity *To = It->E;
      It->E = nullptr;
      if (To == &ReplicaQuestion) [[unlikely]] {
        makeReplica(W, int(It->Seq), It->K, true);
        delete It;
      } else if (To)
        push(W, *To, It);
      else
        toExit(It);
      It = Next;
    }
    recordDone(W);
    Any = true;
  }
  if (Any) // room in the ring again
    L.Claim.poke([&] { claim(W, E, L); });
}

} // namespace aspen::snet::engine
