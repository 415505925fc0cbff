//===- Placement.cpp - Hostfiles and where instances run ------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/Place/Placement.h"
#include "aspen/abi/Hostfile.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <netdb.h>
#include <set>
#include <sys/socket.h>
#include <tuple>

using namespace aspen;
using namespace aspen::place;

std::optional<std::vector<graph::HostNode>>
aspen::place::readHostfile(llvm::StringRef Path, SourceManager &SM,
                           DiagnosticEngine &Diags) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf) {
    Diags.report({}, DiagId::ErrCannotOpen) << Path << Buf.getError().message();
    return std::nullopt;
  }
  FileId File = SM.addBuffer(Path.str(), (*Buf)->getBuffer().str());
  std::vector<graph::HostNode> Nodes;
  unsigned Before = Diags.getNumErrors();
  // The format is shared with built programs (aspen/abi/Hostfile.h), which
  // read the same files at run time.
  std::vector<hostfile::Entry> Entries;
  std::vector<hostfile::Error> Errors;
  llvm::StringRef Text = SM.getText(File);
  hostfile::parse(std::string_view(Text.data(), Text.size()), Entries, Errors);
  // Reported in line order, the names that do not resolve among the rest.
  size_t NextError = 0;
  auto ErrorsBefore = [&](unsigned Line) {
    for (; NextError < Errors.size() && Errors[NextError].Line < Line;
         ++NextError) {
      const hostfile::Error &E = Errors[NextError];
      Diags.report({File, E.Line, E.Col}, DiagId::ErrHostfile) << E.message();
    }
  };
  for (hostfile::Entry &E : Entries) {
    ErrorsBefore(E.Line);
    graph::HostNode N;
    N.Loc = {File, E.Line, E.Col};
    N.Name = std::move(E.Name);
    N.Slots = E.Slots;
    N.Port = E.Port;
    addrinfo Hints{};
    Hints.ai_family = AF_UNSPEC;
    Hints.ai_socktype = SOCK_STREAM;
    addrinfo *Res = nullptr;
    if (int RC = getaddrinfo(N.Name.c_str(), nullptr, &Hints, &Res)) {
      Diags.report(N.Loc, DiagId::ErrHostfileUnresolvable)
          << N.Name << gai_strerror(RC);
      continue;
    }
    freeaddrinfo(Res);
    Nodes.push_back(std::move(N));
  }
  ErrorsBefore(~0u);
  if (Diags.getNumErrors() != Before)
    return std::nullopt;
  if (Nodes.empty()) {
    Diags.report({File, 1, 1}, DiagId::ErrHostfileEmpty) << Path;
    return std::nullopt;
  }
  return Nodes;
}

/// "TcpListen and TcpReply": the modules of the program whose instances
/// share `State`, by name.
static std::string modulesSharing(const graph::Program &P,
                                  const std::string &State) {
  std::vector<std::string> Names;
  for (const graph::Module &M : P.Modules)
    if (M.NodeLocal == State)
      Names.push_back(M.Name);
  std::sort(Names.begin(), Names.end());
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I == 0 ? "" : I + 1 == Names.size() ? " and " : ", ") + Names[I];
  return Out;
}

/// Step 4 of placement: instances that must share a node. S-Net records do
/// not cross between nodes (their fields are any C++ values, with no wire
/// format): a network runs on one node with every instance it exchanges
/// records with, and so do networks that share a neighbour. The instances
/// of modules that share state existing in one process only
/// (graph::Module::NodeLocal: the connections TcpListen accepts, which
/// TcpReply answers on) all run on one node. A group goes where its pins
/// are, or where most of it already is; pins that would split it are an
/// error.
static bool keepTogether(graph::Program &P, const std::vector<bool> &Pinned,
                         DiagnosticEngine &Diags) {
  size_t N = P.Nodes.size();
  bool Ok = true;
  std::vector<uint32_t> Group(P.Instances.size());
  for (size_t I = 0; I < Group.size(); ++I)
    Group[I] = uint32_t(I);
  auto Find = [&](uint32_t I) {
    while (Group[I] != I)
      I = Group[I] = Group[Group[I]];
    return I;
  };
  std::vector<uint32_t> NetOf(P.Instances.size(), UINT32_MAX);
  for (const graph::Edge &E : P.Edges) {
    uint32_t A = E.From.Inst.Index, B = E.To.Inst.Index;
    uint32_t Net = P.Instances[A].K == graph::Instance::SNet   ? A
                   : P.Instances[B].K == graph::Instance::SNet ? B
                                                               : UINT32_MAX;
    if (Net == UINT32_MAX)
      continue;
    NetOf[A] = NetOf[B] = Net;
    Group[Find(A)] = Find(B);
  }
  // Records pass through a collective too (a broadcast of a network's
  // output, a reduce over records with a user operation): a network among
  // a collective's sources or receivers shares a node with all of them.
  for (const graph::Collective &C : P.Collectives) {
    std::optional<uint32_t> Net;
    for (const auto *List : {&C.Sources, &C.Receivers})
      for (const graph::PortRef &R : *List)
        if (!Net && P.Instances[R.Inst.Index].K == graph::Instance::SNet)
          Net = R.Inst.Index;
    if (!Net)
      continue;
    for (const auto *List : {&C.Sources, &C.Receivers})
      for (const graph::PortRef &R : *List) {
        uint32_t I = R.Inst.Index;
        if (NetOf[I] == UINT32_MAX)
          NetOf[I] = *Net;
        Group[Find(I)] = Find(*Net);
      }
  }
  std::vector<const std::string *> State(P.Instances.size(), nullptr);
  std::map<std::string, uint32_t> FirstSharing;
  for (uint32_t I = 0; I < P.Instances.size(); ++I) {
    const graph::Instance &Inst = P.Instances[I];
    if (Inst.K != graph::Instance::Action)
      continue;
    const std::string &S = P.get(Inst.Module).NodeLocal;
    if (S.empty())
      continue;
    State[I] = &S;
    auto [First, New] = FirstSharing.try_emplace(S, I);
    if (!New)
      Group[Find(I)] = Find(First->second);
  }
  std::map<uint32_t, std::vector<uint32_t>> Members;
  for (uint32_t I = 0; I < Group.size(); ++I)
    if (NetOf[I] != UINT32_MAX || State[I])
      Members[Find(I)].push_back(I);
  for (auto &[Root, Ms] : Members) {
    std::optional<uint32_t> PinnedAt;
    uint32_t PinnedBy = 0;
    std::vector<size_t> Count(N, 0);
    for (uint32_t I : Ms) {
      ++Count[P.Instances[I].Node];
      if (!Pinned[I])
        continue;
      if (PinnedAt && *PinnedAt != P.Instances[I].Node) {
        const graph::Instance &A = P.Instances[PinnedBy], &B = P.Instances[I];
        // Why they belong together: a network between them, or else the
        // state both of them share.
        uint32_t Net = NetOf[I] != UINT32_MAX ? NetOf[I] : NetOf[PinnedBy];
        bool SameState =
            State[I] && State[PinnedBy] && *State[I] == *State[PinnedBy];
        if (Net != UINT32_MAX && !SameState) {
          Diags.report(B.Pin->Loc, DiagId::ErrSNetPinsApart)
              << A.Name << P.Nodes[A.Node].Name << B.Name
              << P.Nodes[B.Node].Name << P.Instances[Net].Name;
        } else {
          const std::string &S = State[I] ? *State[I] : *State[PinnedBy];
          Diags.report(B.Pin->Loc, DiagId::ErrNodeLocalPinsApart)
              << A.Name << P.Nodes[A.Node].Name << B.Name
              << P.Nodes[B.Node].Name << modulesSharing(P, S) << S;
        }
        Ok = false;
        break;
      }
      PinnedAt = P.Instances[I].Node;
      PinnedBy = I;
    }
    uint32_t Target =
        PinnedAt ? *PinnedAt
                 : uint32_t(std::max_element(Count.begin(), Count.end()) -
                            Count.begin());
    for (uint32_t I : Ms)
      P.Instances[I].Node = Target;
  }
  return Ok;
}

bool aspen::place::placeProgram(graph::Program &P,
                                std::vector<graph::HostNode> Nodes,
                                DiagnosticEngine &Diags) {
  if (Nodes.empty()) {
    // No hostfile: the program runs on this machine alone, and pins (which
    // name hostfile nodes) have nothing to refer to yet.
    graph::HostNode Local;
    Local.Name = "localhost";
    P.Nodes = {Local};
    for (graph::Instance &I : P.Instances)
      I.Node = 0;
    return true;
  }
  P.Nodes = std::move(Nodes);
  size_t N = P.Nodes.size();

  // 1. Pins.
  std::vector<bool> Pinned(P.Instances.size(), false);
  std::vector<size_t> Load(N, 0);
  bool Ok = true;
  auto Describe = [](const graph::Placement &Pin) {
    return Pin.K == graph::Placement::NodeIndex
               ? "#" + std::to_string(Pin.Index)
               : "'" + Pin.Node + "'";
  };
  // The node a pin names, or N. A pin of a vector's instances is reported
  // once, not once per instance.
  std::set<std::tuple<uint32_t, uint32_t, uint32_t>> Reported;
  auto Resolve = [&](const graph::Instance &Inst,
                     const graph::Placement &Pin) {
    size_t Target = N;
    if (Pin.K == graph::Placement::NodeIndex) {
      if (Pin.Index >= 0 && size_t(Pin.Index) < N)
        Target = size_t(Pin.Index);
    } else {
      for (size_t K = 0; K < N; ++K)
        if (P.Nodes[K].Name == Pin.Node)
          Target = K;
    }
    if (Target == N && Reported.insert({Pin.Loc.File.Index, Pin.Loc.Line, Pin.Loc.Col}).second)
      Diags.report(Pin.Loc, DiagId::ErrPinUnknownNode)
          << Inst.Name << Describe(Pin);
    return Target;
  };
  for (size_t I = 0; I < P.Instances.size(); ++I) {
    graph::Instance &Inst = P.Instances[I];
    if (!Inst.Pin)
      continue;
    size_t Target = Resolve(Inst, *Inst.Pin);
    if (Target != N && Inst.OtherPin) {
      size_t Other = Resolve(Inst, *Inst.OtherPin);
      if (Other != N && Other != Target &&
          Reported
              .insert({Inst.OtherPin->Loc.File.Index, Inst.OtherPin->Loc.Line,
                       Inst.OtherPin->Loc.Col})
              .second)
        Diags.report(Inst.OtherPin->Loc, DiagId::ErrPinConflict)
            << Inst.Name << Describe(*Inst.Pin) << Describe(*Inst.OtherPin);
      if (Other != Target)
        Target = N;
    }
    if (Target == N) {
      Ok = false;
      continue;
    }
    Inst.Node = uint32_t(Target);
    Pinned[I] = true;
    ++Load[Target];
  }
  if (!Ok)
    return false;

  // 2. The rest in declaration order, a share per node by slots.
  size_t Free = std::count(Pinned.begin(), Pinned.end(), false);
  size_t TotalSlots = 0;
  for (const graph::HostNode &H : P.Nodes)
    TotalSlots += H.Slots;
  std::vector<size_t> Share(N);
  size_t Given = 0;
  for (size_t K = 0; K < N; ++K) {
    Share[K] = size_t(std::floor(double(Free) * P.Nodes[K].Slots / TotalSlots));
    Given += Share[K];
  }
  for (size_t K = 0; Given < Free; K = (K + 1) % N, ++Given)
    ++Share[K]; // remainders to the first nodes
  std::vector<size_t> Room = Share;
  size_t Node = 0;
  for (size_t I = 0; I < P.Instances.size(); ++I) {
    if (Pinned[I])
      continue;
    while (Node + 1 < N && Room[Node] == 0)
      ++Node;
    P.Instances[I].Node = uint32_t(Node);
    --Room[Node];
    ++Load[Node];
  }

  // 3. One refinement pass over the cut: move an instance where most of its
  //    edges go, if that node is not more than one over its share.
  if (N > 1) {
    std::vector<std::vector<uint32_t>> Adj(P.Instances.size());
    for (const graph::Edge &E : P.Edges) {
      Adj[E.From.Inst.Index].push_back(E.To.Inst.Index);
      Adj[E.To.Inst.Index].push_back(E.From.Inst.Index);
    }
    std::vector<size_t> Quota(N);
    for (size_t K = 0; K < N; ++K)
      Quota[K] = Load[K] + 1;
    for (size_t I = 0; I < P.Instances.size(); ++I) {
      if (Pinned[I] || Adj[I].empty())
        continue;
      std::vector<size_t> Count(N, 0);
      for (uint32_t J : Adj[I])
        ++Count[P.Instances[J].Node];
      size_t Here = P.Instances[I].Node;
      size_t Best = Here;
      for (size_t K = 0; K < N; ++K)
        if (Count[K] > Count[Best] && Load[K] < Quota[K])
          Best = K;
      if (Best != Here) {
        --Load[Here];
        ++Load[Best];
        P.Instances[I].Node = uint32_t(Best);
      }
    }
  }

  // 4. Instances that must share a node.
  return keepTogether(P, Pinned, Diags);
}
