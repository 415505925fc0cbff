//===- payload.h - Payload of the concurrent-reduce example ---------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ChemicalPayload, named as in Figure 5 of the Aspen paper: a block of
// doubles that a Parallel instance contributes to a reduce, and the block of
// results it gets back.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_EXAMPLES_CONCURRENT_REDUCE_PAYLOAD_H
#define ASPEN_EXAMPLES_CONCURRENT_REDUCE_PAYLOAD_H

#include <aspen/runtime.h>
#include <aspen/wire.h>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

/// A block of doubles travelling in a QueueElement. The payload owns a copy
/// of the values, so the sender may reuse its buffer as soon as `send`
/// returns. It is an array payload of double, so the built-in reduce
/// operations combine it elementwise, and `double *p = getPayload(q)` works;
/// CloneablePayload lets a reduce hand one result to several receivers.
class ChemicalPayload final
    : public aspen::CloneablePayload<ChemicalPayload,
                                     aspen::ArrayPayload<double>> {
public:
  ChemicalPayload(const double *values, std::size_t count)
      : CloneablePayload(values, count) {}
  explicit ChemicalPayload(std::vector<double> values)
      : CloneablePayload(std::move(values)) {}

  // Between nodes (aspenc --hostfile) the values travel as a vector; the
  // class is not a plain ArrayPayload, so it says how.
  void serialize(aspen::wire::Writer &w) const {
    w.put(std::vector<double>(data(), data() + size()));
  }
  static ChemicalPayload *deserialize(aspen::wire::Reader &r) {
    std::vector<double> values;
    r.get(values);
    return new ChemicalPayload(std::move(values));
  }
};

#endif // ASPEN_EXAMPLES_CONCURRENT_REDUCE_PAYLOAD_H
