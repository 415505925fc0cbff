//===- Deterministic.cpp - `||`, `**` and `!!`: merges in input order -----===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A deterministic combinator's output keeps the order of its input stream:
// every record that leaves an instance of it is attributed to the input
// record it descends from, and all that leave for input i go before any
// for input i + 1 (S-Net's sort records do this in the reference runtime).
//
// The combinator is an entity. Its examiner numbers the inputs of each
// instance by giving each a ticket (Engine.h) and writing a frame naming
// it on the record, then routes the record in inline. Copies made inside
// carry the frame, and boxes, filters and cells keep the ticket's count
// (countDet); only combinators inside one pay for that. A record leaving
// comes back to the examiner (captured by an invocation like a record for
// an entity, so it arrives in the order of its path), which sends it on
// at once if its ticket is the oldest unfinished one of the instance, or
// keeps it in its ticket until the tickets before it are done.
//
//===----------------------------------------------------------------------===//

#include "snet/Engine.h"
#include <stdexcept>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::snet;

namespace aspen::snet::engine {

static Ticket *ticketOf(const Frame &F) {
  return reinterpret_cast<Ticket *>(intptr_t(F.Value));
}

void Engine::runDet(Runner &W, Entity &E, Item *It) {
  Cont &K = It->K;
  if (It->Seq == DetNotice) { // a count reached 0 inside
    Ticket *T = ticketOf(K.top());
    T->Done = true;
    const uint32_t Inst = T->Inst;
    delete It;
    advanceDet(W, E, Inst);
    recordDone(W);
    return;
  }
  if (It->Seq >= DetInit && It->Seq != DetNotice) { // an initialiser's firing
    const int Box = int(It->Seq - DetInit);
    uint32_t J = 0; // this combinator's frame: the first without a ticket
    while (J < K.depth() && !(K[J].Det && K[J].Value == 0))
      ++J;
    if (J == K.depth() || K[J].Node != E.Id)
      throw std::logic_error("an initialiser's firing reached the wrong `||`");
    E.Scratch.clear();
    const uint64_t Hash = pathHash(K, J, &E.Scratch);
    const uint32_t Inst =
        E.Dets.findOrInsert(Hash, E.Scratch.data(), E.Scratch.size());
    auto *T = new Ticket;
    T->Inst = Inst;
    E.Dets[Inst].Tickets.push_back(T);
    K[J].Value = long(reinterpret_cast<intptr_t>(T));
    Cont Into = std::move(K);
    delete It;
    fireInit(W, Box, std::move(Into), J + 1);
    recordDone(W);
    return;
  }
  if (!K.empty() && K.top().Det && K.top().Node == E.Id) { // leaving
    Ticket *T = ticketOf(K.top());
    K.pop();
    const uint32_t Inst = T->Inst;
    const bool First = E.Dets[Inst].Tickets.front() == T;
    if (First) {
      Record R = std::move(It->R);
      Cont Next = std::move(K);
      delete It;
      route(W, {false, -1, std::move(R), std::move(Next)});
      recordDone(W);
    } else {
      T->Out.push_back(It); // in flight (Pending) until it goes on
    }
    if (T->Count.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      T->Done = true;
      if (First)
        advanceDet(W, E, Inst);
    }
    return;
  }
  // Entering: the instance is the replica path of the frames so far.
  E.Scratch.clear();
  const uint64_t Hash = pathHash(K, K.depth(), &E.Scratch);
  const uint32_t Inst =
      E.Dets.findOrInsert(Hash, E.Scratch.data(), E.Scratch.size());
  auto *T = new Ticket;
  T->Inst = Inst;
  E.Dets[Inst].Tickets.push_back(T);
  K.pushDet(E.Id, T);
  Record R = std::move(It->R);
  Cont In = std::move(K);
  delete It;
  // Records that reach this entity while it routes (a feedback loop round
  // it) wait in its stream: the instance is not touched meanwhile.
  route(W, {true, E.Id, std::move(R), std::move(In)});
  recordDone(W);
}

/// The oldest tickets of instance Inst that are done are dropped; each
/// that becomes the oldest sends on what left for it meanwhile. An
/// instance with no unfinished input is forgotten.
void Engine::advanceDet(Runner &W, Entity &E, uint32_t Inst) {
  std::deque<Ticket *> &Ts = E.Dets[Inst].Tickets;
  while (!Ts.empty() && Ts.front()->Done) {
    delete Ts.front();
    Ts.pop_front();
    if (Ts.empty())
      break;
    Ticket *Next = Ts.front();
    for (Item *O : Next->Out) {
      Record R = std::move(O->R);
      Cont K = std::move(O->K);
      delete O;
      route(W, {false, -1, std::move(R), std::move(K)});
      recordDone(W);
    }
    Next->Out.clear();
  }
  if (Ts.empty())
    E.Dets.erase(Inst);
}

} // namespace aspen::snet::engine
