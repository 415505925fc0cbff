//===- WireRegistry.h - Which payload types can cross nodes -----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The transport's view of aspen/wire.h: a payload's type index and how to
// turn it into bytes and back. Array payloads of arithmetic types travel as
// their raw elements, so the transport can write them from the payload
// itself and read them straight into a new one.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_NET_WIREREGISTRY_H
#define ASPEN_RT_NET_WIREREGISTRY_H

#include "aspen/wire.h"
#include <cstdint>

namespace aspen::wire {

struct TypeEntry {
  const std::type_info *Ty = nullptr;
  SerializeFn Ser = nullptr;
  DeserializeFn De = nullptr;
  /// Array payloads: the element size, and a payload of N elements.
  size_t ElemSize = 0;
  Payload *(*NewArray)(size_t N) = nullptr;
};

/// The entry for P's dynamic type, or null if it cannot cross nodes.
const TypeEntry *lookup(const Payload &P, uint32_t &Index);
/// The entry with this index, or null.
const TypeEntry *entry(uint32_t Index);

} // namespace aspen::wire

#endif // ASPEN_RT_NET_WIREREGISTRY_H
