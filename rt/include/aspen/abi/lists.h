//===- lists.h - The closed lists both sides of the ABI share ---*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The enumerations of the .def files next to this header, for the compiler
// (the frontend's graph, code generation) and the runtime alike, so a list
// changes in one place and both sides agree on every number. Plain C++
// with no dependencies.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_ABI_LISTS_H
#define ASPEN_ABI_LISTS_H

#include <cstdint>

namespace aspen::abi {

/// aspen_rt_add_collectives' kind.
enum class CollectiveKind : uint32_t {
#define ASPEN_COLLECTIVE(Id, ...) Id,
#include "aspen/abi/collectives.def"
  /// One node's part of a reduce across nodes (section 3.2), made by code
  /// generation, never written by programs: its inputs and outputs are as
  /// named, and aspen_rt_set_plan gives its steps.
  ReducePart,
};
inline constexpr unsigned NumBuiltinCollectives =
    unsigned(CollectiveKind::ReducePart);

enum class CollectiveInputs : uint8_t { PerSource, One };

struct CollectiveInfo {
  const char *Name; ///< `Reduce`
  const char *Word; ///< `reduce`, for messages
  CollectiveInputs Inputs;
  bool TakesOp;
};

inline constexpr CollectiveInfo CollectiveTable[] = {
#define ASPEN_COLLECTIVE(Id, Name, Word, Inputs, TakesOp)                      \
  {Name, Word, CollectiveInputs::Inputs, TakesOp},
#include "aspen/abi/collectives.def"
    // ReducePart
    {"Reduce", "reduce", CollectiveInputs::PerSource, true},
};

inline const CollectiveInfo &info(CollectiveKind K) {
  return CollectiveTable[unsigned(K)];
}

/// aspen_rt_add_collectives' operation; User: the userOp function.
enum class ReduceOp : uint32_t {
#define ASPEN_REDUCE_OP(Id, Spelling) Id,
#include "aspen/abi/reduce_ops.def"
  User,
};

inline constexpr const char *ReduceOpSpellings[] = {
#define ASPEN_REDUCE_OP(Id, Spelling) Spelling,
#include "aspen/abi/reduce_ops.def"
};

/// The kinds of an S-Net property graph's nodes.
enum class SNetNodeKind : uint8_t {
#define ASPEN_SNET_NODE(Id, Written) Id,
#include "aspen/abi/snet_nodes.def"
};

inline constexpr const char *SNetNodeNames[] = {
#define ASPEN_SNET_NODE(Id, Written) #Id,
#include "aspen/abi/snet_nodes.def"
};

/// aspen_rt_set_plan's steps.
enum class PlanStepKind : uint32_t {
#define ASPEN_PLAN_STEP(Id) Id,
#include "aspen/abi/plan_steps.def"
};
enum PlanFlag : uint32_t {
#define ASPEN_PLAN_FLAG(Id, Bit) Plan##Id = Bit,
#include "aspen/abi/plan_steps.def"
};

} // namespace aspen::abi

#endif // ASPEN_ABI_LISTS_H
