//===- Hostfile.h - The hostfile format, read by aspenc and programs -*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One parser for both readers of a hostfile: aspenc (--hostfile, placement)
// and built programs (./main --hostfile). Plain C++ with no dependencies, so
// the runtime can link it without the compiler's libraries. Each reader
// resolves names and reports errors its own way, with the same messages.
//
//   # comment
//   name slots=N [port=P]      name:N[:P]      name    (one slot)
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_ABI_HOSTFILE_H
#define ASPEN_ABI_HOSTFILE_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aspen::hostfile {

struct Entry {
  std::string Name;
  unsigned Slots = 1;
  uint16_t Port = 0; // 0: the default
  unsigned Line = 0, Col = 0;
};

struct Error {
  enum Kind { Syntax, Slots, Port, Duplicate, Repeated, Control } K;
  unsigned Line = 0, Col = 0;
  std::string Text; // the offending text (the node's name for Duplicate,
                    // the setting's for Repeated)
  /// The message both readers print: "a node needs at least one slot, ...".
  std::string message() const;
};

/// The most slots one node may have.
inline constexpr unsigned MaxSlots = 1u << 20;

/// Every entry of Text and every error, in line order. A line with an
/// error gives no entry.
void parse(std::string_view Text, std::vector<Entry> &Entries,
           std::vector<Error> &Errors);

} // namespace aspen::hostfile

#endif // ASPEN_ABI_HOSTFILE_H
