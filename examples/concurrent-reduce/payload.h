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

#include <algorithm>
#include <cstddef>
#include <memory>

/// A block of doubles travelling in a QueueElement. The payload owns a copy
/// of the values, so the sender may refill its buffer as soon as `send`
/// returns.
class ChemicalPayload final : public aspen::Payload {
public:
  ChemicalPayload(const double *values, std::size_t count)
      : values_(new double[count]), count_(count) {
    std::copy(values, values + count, values_.get());
  }

  double *data() { return values_.get(); }
  const double *data() const { return values_.get(); }
  std::size_t size() const { return count_; }

private:
  std::unique_ptr<double[]> values_;
  std::size_t count_;
};

#endif // ASPEN_EXAMPLES_CONCURRENT_REDUCE_PAYLOAD_H
