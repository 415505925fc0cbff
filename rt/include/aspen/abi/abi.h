//===- abi.h - C++ prototypes of the runtime's ABI --------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The functions of abi.def as C++ declarations, for the runtime that defines
// them and for tests that drive it directly; generated code declares the
// same list through llvm::IRBuilder. They have C linkage, so the namespace
// only scopes the type names.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_ABI_ABI_H
#define ASPEN_ABI_ABI_H

#include <cstdint>

namespace aspen::rtabi {
using Void = void;
using I32 = int32_t;
using U32 = uint32_t;
using U64 = uint64_t;
using Ptr = const void *;

/// One entry of aspen_rt_add_collectives' table. Generated code lays it out
/// as the LLVM struct {i32, i32, i32, i32, ptr, ptr, ptr, ptr}.
struct CollectiveRecord {
  U32 Kind, Op, NumSources, NumReceivers;
  const char *Name;
  Ptr UserOp;
  const char *const *SourceNames;
  const char *const *ReceiverNames;
};

#define ASPEN_RT_FN(Name, Result, ...) extern "C" Result Name(__VA_ARGS__);
#include "aspen/abi/abi.def"
} // namespace aspen::rtabi

#endif // ASPEN_ABI_ABI_H
