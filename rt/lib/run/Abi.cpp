//===- Abi.cpp - The entry points generated code calls --------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The generated main() describes the elaborated graph through the functions
// abi.def lists, in this order: aspen_rt_init, modules, instances,
// collectives (with their plans), edges, nodes and placement, then
// aspen_rt_run (Run.cpp). These only record the description in the
// Runtime (core/Graph.h); nothing runs until aspen_rt_run.
//
//===----------------------------------------------------------------------===//

#include "aspen/abi/abi.h"
#include "aspen/abi/lists.h"
#include "collective/Collectives.h"
#include "run/Run.h"
#include "snet/SNet.h"
#include "support/Support.h"

using namespace aspen;
using namespace aspen::rt;

using namespace aspen::rtabi;

extern "C" void aspen_rt_init(I32 Argc, Ptr Argv) {
  keepLargeBlocks();
  Runtime &R = runtime();
  R.Argc = Argc;
  R.Argv = static_cast<char **>(const_cast<void *>(Argv));
  R.QueueCapacity = settingCount(Setting::QUEUE_CAPACITY);
  // A capacity the user chose is the bound for every element unless the
  // small capacity is chosen too.
  R.QueueSmallCapacity =
      settingGiven(Setting::QUEUE_CAPACITY)
          ? settingCount(Setting::QUEUE_SMALL_CAPACITY, R.QueueCapacity)
          : settingCount(Setting::QUEUE_SMALL_CAPACITY);
  R.SchedOpts.Workers = unsigned(settingCount(Setting::WORKERS));
  R.SchedOpts.StackSize = settingCount(Setting::STACK_SIZE);
  R.SchedOpts.OwnStacks = settingCount(Setting::OWN_STACKS);
  DumpPath = settingText(Setting::DUMP);
  StatsEnabled = settingFlag(Setting::STATS);
  R.SchedOpts.Pin = settingFlag(Setting::PIN);
  // Node processes sharing a machine get disjoint cores from the launcher.
  R.SchedOpts.FirstCore = unsigned(settingCount(Setting::FIRST_CORE));
  checkSNetEnvironment();
  setReduceSegmentBytes(settingCount(Setting::REDUCE_SEGMENT_BYTES));
}

extern "C" U32 aspen_rt_add_module(Ptr Name, Ptr Factory, U32 NumInputs,
                                   Ptr InputNames, U32 NumOutputs,
                                   Ptr OutputNames) {
  Runtime &R = runtime();
  auto M = std::make_unique<ModuleType>();
  M->Name = static_cast<const char *>(Name);
  M->Factory = reinterpret_cast<ModuleBase *(*)()>(const_cast<void *>(Factory));
  auto In = static_cast<const char *const *>(InputNames);
  auto Out = static_cast<const char *const *>(OutputNames);
  for (U32 K = 0; K < NumInputs; ++K)
    M->Inputs.push_back(In[K]);
  for (U32 K = 0; K < NumOutputs; ++K)
    M->Outputs.push_back(Out[K]);
  R.Modules.push_back(std::move(M));
  return U32(R.Modules.size() - 1);
}

extern "C" void aspen_rt_by_sender(U32 Module, U32 Port) {
  ModuleType &M = *runtime().Modules[Module];
  if (M.BySender.size() <= Port)
    M.BySender.resize(M.Inputs.size());
  M.BySender[Port] = true;
}

extern "C" U32 aspen_rt_add_instances(U32 Module, Ptr Name, U32 Count,
                                      U32 IsVector) {
  Runtime &R = runtime();
  U32 First = U32(R.Instances.size());
  ModuleType *M = R.Modules[Module].get();
  for (U32 K = 0; K < Count; ++K) {
    auto I = std::make_unique<Instance>();
    I->Name = static_cast<const char *>(Name);
    if (IsVector)
      I->Name += "[" + std::to_string(K) + "]";
    I->Index = K;
    I->Count = IsVector ? Count : 1;
    I->Type = M;
    I->Inputs.reset(new InputPort[M->Inputs.size()]);
    I->Outputs.resize(M->Outputs.size());
    R.Instances.push_back(std::move(I));
  }
  return First;
}

static U32 addCollective(U32 KindNum, Ptr Name, U32 OpNum, Ptr UserOp,
                         U32 NumSources, Ptr SourceNames, U32 NumReceivers,
                         Ptr ReceiverNames) {
  using aspen::abi::CollectiveKind;
  Runtime &R = runtime();
  auto M = std::make_unique<ModuleType>();
  std::string N = static_cast<const char *>(Name);
  auto Kind = CollectiveKind(KindNum);
  const aspen::abi::CollectiveInfo &Info = aspen::abi::info(Kind);
  auto Op = ReduceOp(OpNum);
  M->Name = Info.Name;
  M->Builtin = true;
  auto In = static_cast<const char *const *>(SourceNames);
  auto Out = static_cast<const char *const *>(ReceiverNames);
  bool OneInput = Info.Inputs == aspen::abi::CollectiveInputs::One;
  U32 Ports = OneInput ? 1 : NumSources;
  M->Inputs.clear();
  M->Outputs.clear();
  for (U32 K = 0; K < Ports; ++K)
    M->Inputs.push_back(OneInput ? "sources" : In[K]);
  for (U32 K = 0; K < NumReceivers; ++K)
    M->Outputs.push_back(Out[K]);
  auto User = reinterpret_cast<UserReduceFn>(const_cast<void *>(UserOp));
  switch (Kind) {
  case CollectiveKind::ReducePart: {
    ModuleType *MT = M.get(); // its steps come with aspen_rt_set_plan
    M->Factory = [N, Op, User, MT] {
      return makePlanReduce(N, Op, User, &MT->Plan);
    };
    break;
  }
  case CollectiveKind::Reduce:
    M->Reduce = std::make_shared<ReduceSpec>(ReduceSpec{N, Op, User});
    M->Factory = [N, Op, User, Ports, NumReceivers] {
      return makeReduce(N, Op, User, Ports, NumReceivers);
    };
    break;
  case CollectiveKind::Broadcast:
    M->Factory = [N, NumReceivers] { return makeBroadcast(N, NumReceivers); };
    break;
  case CollectiveKind::Gather:
  case CollectiveKind::Scatter:
  case CollectiveKind::AllToAll:
    M->Factory = [N, Kind, Ports, NumReceivers] {
      return makeDataMovement(N, Kind, Ports, NumReceivers);
    };
    break;
  }
  R.Modules.push_back(std::move(M));
  U32 Id = aspen_rt_add_instances(U32(R.Modules.size() - 1), Name, 1, 0);
  return Id;
}

extern "C" void aspen_rt_add_collectives(Ptr Table, U64 Count) {
  auto *Recs = static_cast<const aspen::rtabi::CollectiveRecord *>(Table);
  for (U64 K = 0; K < Count; ++K) {
    const aspen::rtabi::CollectiveRecord &C = Recs[K];
    addCollective(C.Kind, C.Name, C.Op, C.UserOp, C.NumSources, C.SourceNames,
                  C.NumReceivers, C.ReceiverNames);
  }
}

extern "C" void aspen_rt_set_plan(U32 Inst, Ptr Table, U64 Count) {
  auto T = static_cast<const U32 *>(Table);
  ModuleType *M = runtime().Instances[Inst]->Type;
  for (U64 K = 0; K < Count; ++K)
    M->Plan.push_back({T[3 * K], T[3 * K + 1], T[3 * K + 2]});
}

extern "C" void aspen_rt_add_edges(Ptr Table, U64 Count) {
  auto T = static_cast<const U32 *>(Table);
  runtime().Edges.insert(runtime().Edges.end(), T, T + 4 * Count);
}

extern "C" void aspen_rt_add_node(Ptr Name, U32 Port) {
  NodeInfo N;
  N.Name = N.Host = static_cast<const char *>(Name);
  N.Port = uint16_t(Port);
  runtime().Nodes.push_back(std::move(N));
}

extern "C" void aspen_rt_place(Ptr Table, U64 Count) {
  Runtime &R = runtime();
  auto T = static_cast<const U32 *>(Table);
  for (U64 K = 0; K < Count && K < R.Instances.size(); ++K)
    R.Instances[K]->Node = T[K];
}
