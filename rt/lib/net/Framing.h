//===- Framing.h - Frames on a node-to-node connection ----------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The byte stream of a connection between two nodes is a sequence of frames:
// a 12-byte header {u32 body length, u32 channel, u32 type} and the body.
// Data frames carry one payload of a channel (type = its wire type index,
// or EmptyType for an empty element); channel ControlChannel carries the
// transport's own frames, whose body the owner interprets.
//
// FrameDecoder turns the bytes read from a connection into frames. It never
// trusts them: a header is checked (length against the limit, channel known,
// type registered, array length a multiple of the element size) before its
// body is waited for, and a payload is decoded with bounds-checked reads; a
// bad frame is reported once and decoding stops. Large array bodies are read
// straight into the payload that will carry them. It does no I/O itself, so
// it is tested and fuzzed on its own (fuzz/FrameFuzzer.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_NET_FRAMING_H
#define ASPEN_RT_NET_FRAMING_H

#include "aspen/runtime.h"
#include <cstdint>
#include <string>
#include <vector>

namespace aspen::rt::transport {

inline constexpr uint32_t ControlChannel = 0xFFFFFFFF;
inline constexpr uint32_t EmptyType = 0xFFFFFFFE;
inline constexpr size_t HeaderSize = 12;
/// Array bodies at least this big are read into their payload directly
/// (and written from it by the sender).
inline constexpr size_t ZeroCopyBytes = 64 * 1024;

struct Header {
  uint32_t Len, Chan, Type;
};

/// What a decoder reports to its connection.
class FrameSink {
public:
  virtual ~FrameSink() = default;
  /// Whether data for Chan may arrive on this connection.
  virtual bool knownChannel(uint32_t Chan) = 0;
  /// A complete control frame (Body holds H.Len bytes).
  virtual void control(const Header &H, const char *Body) = 0;
  /// A decoded payload of a channel (null: an empty element), taking
  /// ownership; Len is the body's size.
  virtual void data(uint32_t Chan, Payload *P, size_t Len) = 0;
  /// A frame that makes no sense; decoding has stopped.
  virtual void protocolError(const std::string &Why) = 0;
};

class FrameDecoder {
public:
  FrameDecoder(size_t MaxFrame, FrameSink &Sink);
  ~FrameDecoder();
  FrameDecoder(const FrameDecoder &) = delete;
  FrameDecoder &operator=(const FrameDecoder &) = delete;

  /// Where the next bytes read from the connection go, and how many fit.
  char *readTarget();
  size_t readRoom() const;
  /// N bytes were read into readTarget(): decodes every complete frame.
  /// False once a protocol error was reported (the decoder is then dead).
  bool consumed(size_t N);
  /// Stops decoding (the sink told the connection to close, say).
  void stop() { Dead = true; }
  bool dead() const { return Dead; }

private:
  void decode();
  bool fail(const std::string &Why);

  size_t MaxFrame;
  FrameSink &Sink;
  std::vector<char> In;
  size_t InLen = 0;
  /// The size of the partial frame at the front of In, when it is larger
  /// than what has arrived of it (0: none).
  size_t Pending = 0;
  bool Dead = false;
  // After a large frame, the next read takes only a header: a stream of
  // large frames then lands in its payloads with no copy through In (a
  // full-sized read would pull up to In's size of the next body into In,
  // to be copied again). A small data frame switches back to full reads,
  // which batch many small frames per read.
  bool HeaderFirst = false;
  // A large array body being read into its payload.
  Payload *Direct = nullptr;
  uint32_t DirectChan = 0;
  size_t DirectGot = 0, DirectLen = 0;
};

} // namespace aspen::rt::transport

#endif // ASPEN_RT_NET_FRAMING_H
