//===- SNet.cpp - The S-Net network engine --------------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Depth first with an explicit stack, so deep stars and long feedback loops
// never grow the fiber's stack. A continuation is a shared list of frames
// saying where a record goes after the node it is in; the star depths and
// split values on it name the replica a synchro-cell belongs to.
//
//===----------------------------------------------------------------------===//

#include "aspen/snet.h"
#include <algorithm>
#include <cstdlib>
#include "Demangle.h"

using namespace aspen;
using namespace aspen::snet;


void aspen::snet::throwFieldTypeError(const std::string &Field,
                                      const std::type_info &Holds,
                                      const std::type_info &Wanted) {
  throw PayloadTypeError("field '" + Field + "' holds a '" +
                         rt::demangle(Holds.name()) + "', not a '" +
                         rt::demangle(Wanted.name()) + "'");
}

bool Pattern::matches(const Record &R) const {
  for (const Label &L : Type)
    if (L.IsTag ? !R.hasTag(L.Name) : !R.hasField(L.Name))
      return false;
  return !Guard || Guard(R);
}

void aspen::snet::inherit(Record &Out, const Record &In,
                          const Labels &Consumed) {
  auto IsConsumed = [&](const std::string &N, bool Tag) {
    return std::any_of(Consumed.begin(), Consumed.end(), [&](const Label &L) {
      return L.Name == N && L.IsTag == Tag;
    });
  };
  for (const auto &[Name, F] : In.Fields)
    if (!IsConsumed(Name, false) && !Out.Fields.count(Name))
      Out.Fields[Name] = F;
  for (const auto &[Name, V] : In.Tags)
    if (!IsConsumed(Name, true) && !Out.Tags.count(Name))
      Out.Tags[Name] = V;
}

std::string Engine::pathOf(int N, const Cont &K) const {
  std::string P = std::to_string(N);
  for (const Frame *F = K.get(); F; F = F->Next.get()) {
    Node::Kind Kind = G.Nodes[F->Node].K;
    if (Kind == Node::Star || Kind == Node::Split)
      P += "/" + std::to_string(F->Node) + ":" + std::to_string(F->Value);
  }
  return P;
}

void Engine::run(Record In, const std::function<void(Record)> &EmitFn) {
  Emit = &EmitFn;
  Stack.push_back({true, G.Root, std::move(In), nullptr});
  while (!Stack.empty()) {
    Work W = std::move(Stack.back());
    Stack.pop_back();
    if (W.Enter)
      enter(W.Node, std::move(W.Rec), W.K);
    else
      leave(std::move(W.Rec), W.K);
  }
}

static std::string describe(const Record &R) {
  std::string S = "{";
  for (const auto &F : R.Fields)
    S += (S.size() > 1 ? ", " : "") + F.first;
  for (const auto &T : R.Tags)
    S += (S.size() > 1 ? ", <" : "<") + T.first + ">";
  return S + "}";
}

void Engine::enter(int Id, Record R, const Cont &K) {
  const Node &N = G.Nodes[Id];
  auto Push = [&](bool Enter, int To, Record Rec, Cont C) {
    Stack.push_back({Enter, To, std::move(Rec), std::move(C)});
  };
  // Several outputs continue in order: pushed last first.
  auto Continue = [&](std::vector<Record> &Outs, const Labels &Consumed) {
    for (auto It = Outs.rbegin(); It != Outs.rend(); ++It) {
      inherit(*It, R, Consumed);
      Push(false, -1, std::move(*It), K);
    }
  };
  switch (N.K) {
  case Node::Box: {
    if (!N.Patterns[0].matches(R))
      throw PayloadTypeError("box '" + N.Name + "' got a record of type " +
                             describe(R));
    std::vector<Record> Outs;
    N.BoxFun(R, Outs);
    Continue(Outs, N.Patterns[0].Type);
    return;
  }
  case Node::Filter: {
    if (!N.Patterns[0].matches(R))
      throw PayloadTypeError("a filter got a record of type " + describe(R));
    std::vector<Record> Outs;
    N.FilterFun(R, Outs);
    Continue(Outs, N.Patterns[0].Type);
    return;
  }
  case Node::Serial:
    Push(true, N.Children[0], std::move(R),
         std::make_shared<const Frame>(Frame{Id, 1, K}));
    return;
  case Node::Parallel: {
    // Best match: the branch whose matching input type has most labels.
    int Best = -1;
    size_t BestScore = 0;
    for (size_t B = 0; B < N.Children.size(); ++B)
      for (const Labels &T : N.BranchInputs[B]) {
        Pattern P{T, nullptr};
        if (P.matches(R) && (Best < 0 || T.size() > BestScore)) {
          Best = int(B);
          BestScore = T.size();
        }
      }
    if (Best < 0)
      throw PayloadTypeError("no branch of a parallel composition accepts a "
                             "record of type " +
                             describe(R));
    Push(true, N.Children[Best], std::move(R), K);
    return;
  }
  case Node::Star:
    if (N.Patterns[0].matches(R)) // tested before the first replica too
      Push(false, -1, std::move(R), K);
    else
      Push(true, N.Children[0], std::move(R),
           std::make_shared<const Frame>(Frame{Id, 1, K}));
    return;
  case Node::Split: {
    long V = R.tag(N.Tag);
    Push(true, N.Children[0], std::move(R),
         std::make_shared<const Frame>(Frame{Id, V, K}));
    return;
  }
  case Node::Feedback:
    Push(true, N.Children[0], std::move(R),
         std::make_shared<const Frame>(Frame{Id, 0, K}));
    return;
  case Node::Sync: {
    SyncState &S = Syncs[pathOf(Id, K)];
    if (S.Held.empty())
      S.Held.resize(N.Patterns.size());
    if (!S.Fired)
      for (size_t I = 0; I < N.Patterns.size(); ++I)
        if (!S.Held[I] && N.Patterns[I].matches(R)) {
          S.Held[I] = std::move(R);
          if (std::all_of(S.Held.begin(), S.Held.end(),
                          [](const auto &H) { return H.has_value(); })) {
            // The first match of every pattern merges into one record.
            Record Merged = std::move(*S.Held[0]);
            for (size_t J = 1; J < S.Held.size(); ++J)
              inherit(Merged, *S.Held[J], {});
            S.Fired = true;
            S.Held.clear();
            Push(false, -1, std::move(Merged), K);
          }
          return;
        }
    // Fired, or matching only patterns already held: passes through.
    Push(false, -1, std::move(R), K);
    return;
  }
  }
}

void Engine::leave(Record R, const Cont &K) {
  if (!K) {
    (*Emit)(std::move(R));
    return;
  }
  const Frame &F = *K;
  const Node &N = G.Nodes[F.Node];
  switch (N.K) {
  case Node::Serial:
    if (size_t(F.Value) < N.Children.size())
      Stack.push_back(
          {true, N.Children[F.Value], std::move(R),
           std::make_shared<const Frame>(Frame{F.Node, F.Value + 1, F.Next})});
    else
      Stack.push_back({false, -1, std::move(R), F.Next});
    return;
  case Node::Star:
    // Out of replica F.Value: leave, or unfold the next replica.
    if (N.Patterns[0].matches(R))
      Stack.push_back({false, -1, std::move(R), F.Next});
    else
      Stack.push_back(
          {true, N.Children[0], std::move(R),
           std::make_shared<const Frame>(Frame{F.Node, F.Value + 1, F.Next})});
    return;
  case Node::Feedback:
    if (N.Patterns[0].matches(R))
      Stack.push_back({true, N.Children[0], std::move(R), K});
    else
      Stack.push_back({false, -1, std::move(R), F.Next});
    return;
  default: // Split and the rest: the record simply continues
    Stack.push_back({false, -1, std::move(R), F.Next});
    return;
  }
}
