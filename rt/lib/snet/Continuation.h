//===- Continuation.h - Where an S-Net record goes next ---------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A record inside an S-Net network carries its continuation: for every
// combinator it is inside, from the network's root down, a frame saying
// where it goes when it leaves the current child (a serial composition's
// next child, a star's replica depth, a split's tag value). The star depths
// and split values on it name the replica the record is in, so the engine
// keys synchro-cell state and box lanes by them (pathHash). Inside a
// deterministic combinator, a frame of its own names the order ticket of
// the input record the record descends from (Engine.h).
//
// Each record owns its continuation, inline: networks nest a few
// combinators deep, so copying one (once per output of a box) is a short
// memcpy, and entering a combinator writes a frame in place. Shared,
// reference-counted frames would cost an allocation per combinator entered
// and reference counts written from every core. Deeper nests spill to the
// heap, with the same semantics.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SNET_CONTINUATION_H
#define ASPEN_RT_SNET_CONTINUATION_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace aspen::rt {

/// One level of a record's continuation: where it goes after the node it
/// is in.
struct Frame {
  int32_t Node;
  bool Replica; // a star's or a split's: part of the replica path
  bool Det;     // a deterministic combinator's: Value is its order ticket
  long Value;   // Serial: next child; Star: depth; Split: tag value
};

// Item (a record in a stream) is sized around 16-byte frames.
static_assert(sizeof(Frame) == 16, "a frame is two words");

/// A record's continuation: the frames from the network's root down to the
/// node it is in, innermost last; empty at the network's exit. Inline up to
/// InlineFrames, on the heap beyond (see the file comment for why).
class Cont {
public:
  Cont() = default;
  Cont(const Cont &O) { assign(O); }
  Cont &operator=(const Cont &O) {
    if (this != &O)
      assign(O);
    return *this;
  }
  Cont(Cont &&O) noexcept { take(O); }
  Cont &operator=(Cont &&O) noexcept {
    if (this != &O) {
      delete[] Heap;
      Heap = nullptr;
      Cap = InlineFrames;
      take(O);
    }
    return *this;
  }
  ~Cont() { delete[] Heap; }

  bool empty() const { return Depth == 0; }
  uint32_t depth() const { return Depth; }
  const Frame *begin() const { return data(); }
  Frame &top() { return data()[Depth - 1]; }
  Frame &operator[](uint32_t I) { return data()[I]; }
  const Frame &top() const { return data()[Depth - 1]; }
  void pop() { --Depth; }
  void pop(uint32_t N) { Depth -= N; }
  void push(int Node, bool Replica, long Value) {
    if (Depth == Cap)
      reserve(2 * Cap);
    data()[Depth++] = {Node, Replica, false, Value};
  }
  void push(const Frame &F) {
    if (Depth == Cap)
      reserve(2 * Cap);
    data()[Depth++] = F;
  }
  /// The frame of a deterministic combinator: Ticket stands for the input
  /// record the one carrying it descends from (not part of the path).
  void pushDet(int Node, const void *Ticket) {
    if (Depth == Cap)
      reserve(2 * Cap);
    data()[Depth++] = {Node, false, true,
                       long(reinterpret_cast<intptr_t>(Ticket))};
  }

private:
  // Six: fib's records are five deep, and with six an Item (a record in a
  // stream) is 256 bytes, a size class of its own, where eight made it 288
  // and took 320 (fib(28) peak RSS, one worker: 218 MiB with eight, 189
  // with six; two workers: 202 and 171).
  static constexpr uint32_t InlineFrames = 6;
  Frame *data() { return Heap ? Heap : Inline; }
  const Frame *data() const { return Heap ? Heap : Inline; }
  void reserve(uint32_t N) {
    Frame *H = new Frame[N];
    std::copy(data(), data() + Depth, H);
    delete[] Heap;
    Heap = H;
    Cap = N;
  }
  void assign(const Cont &O) {
    if (O.Depth > Cap)
      reserve(O.Depth);
    std::copy(O.data(), O.data() + O.Depth, data());
    Depth = O.Depth;
  }
  void take(Cont &O) {
    if (O.Heap) {
      Heap = O.Heap;
      Cap = O.Cap;
      O.Heap = nullptr;
      O.Cap = InlineFrames;
    } else {
      std::copy(O.Inline, O.Inline + O.Depth, Inline);
    }
    Depth = O.Depth;
    O.Depth = 0;
  }

  Frame *Heap = nullptr;
  uint32_t Depth = 0, Cap = InlineFrames;
  Frame Inline[InlineFrames];
};

/// The hash of a replica path: the star and split frames among K's first
/// Depth. Equal paths have equal hashes, so a replica keeps to one box lane
/// and finds its synchro-cell state in one probe run. With Path, the same
/// pass also appends the path itself (node and value of each such frame),
/// which a state table needs to tell paths of equal hashes apart.
inline uint64_t pathHash(const Cont &K, uint32_t Depth,
                         std::vector<long> *Path = nullptr) {
  uint64_t H = 0x9E3779B97F4A7C15ull;
  for (const Frame *F = K.begin(), *E = F + Depth; F != E; ++F)
    if (F->Replica) {
      H ^= (uint64_t(F->Value) + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull;
      H ^= uint64_t(F->Node) << 32;
      H = (H ^ (H >> 29)) * 0x94D049BB133111EBull;
      H ^= H >> 32;
      if (Path) {
        Path->push_back(F->Node);
        Path->push_back(F->Value);
      }
    }
  return H;
}

} // namespace aspen::rt

#endif // ASPEN_RT_SNET_CONTINUATION_H
