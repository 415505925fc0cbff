//===- Framing.cpp - Frames on a node-to-node connection ------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "net/Framing.h"
#include "net/WireRegistry.h"
#include <algorithm>
#include <cstring>

using namespace aspen;
using namespace aspen::rt::transport;

FrameDecoder::FrameDecoder(size_t MaxFrame, FrameSink &Sink)
    : MaxFrame(MaxFrame), Sink(Sink), In(256 * 1024) {}

FrameDecoder::~FrameDecoder() { delete Direct; }

char *FrameDecoder::readTarget() {
  if (Direct)
    return static_cast<char *>(Direct->elementData()) + DirectGot;
  return In.data() + InLen;
}

size_t FrameDecoder::readRoom() const {
  if (Direct)
    return DirectLen - DirectGot;
  if (HeaderFirst && InLen < HeaderSize)
    return HeaderSize - InLen;
  return In.size() - InLen;
}

bool FrameDecoder::fail(const std::string &Why) {
  Dead = true;
  Sink.protocolError(Why);
  return false;
}

bool FrameDecoder::consumed(size_t N) {
  if (Dead)
    return false;
  if (Direct) {
    DirectGot += N;
    if (DirectGot == DirectLen) {
      Payload *P = Direct;
      Direct = nullptr;
      HeaderFirst = true;
      Sink.data(DirectChan, P, DirectLen);
    }
    return !Dead;
  }
  InLen += N;
  decode();
  return !Dead;
}

void FrameDecoder::decode() {
  size_t At = 0;
  while (!Dead && InLen - At >= HeaderSize) {
    Header H;
    std::memcpy(&H, In.data() + At, sizeof H);
    if (H.Len > MaxFrame) {
      fail("a frame of " + std::to_string(H.Len) +
           " bytes exceeds the limit of " + std::to_string(MaxFrame));
      return;
    }
    const char *Body = In.data() + At + HeaderSize;
    size_t Have = InLen - At - HeaderSize;
    if (H.Chan == ControlChannel) {
      if (Have < H.Len) {
        Pending = HeaderSize + H.Len;
        break;
      }
      Sink.control(H, Body);
      At += HeaderSize + H.Len;
      continue;
    }
    if (!Sink.knownChannel(H.Chan)) {
      fail("a frame for unknown channel " + std::to_string(H.Chan));
      return;
    }
    if (H.Type == EmptyType) {
      if (H.Len != 0) {
        fail("an empty element with a body of " + std::to_string(H.Len) +
             " bytes");
        return;
      }
      Sink.data(H.Chan, nullptr, 0);
      At += HeaderSize;
      continue;
    }
    const wire::TypeEntry *E = wire::entry(H.Type);
    if (!E) {
      fail("unknown payload type " + std::to_string(H.Type) + " on channel " +
           std::to_string(H.Chan));
      return;
    }
    if (E->ElemSize && H.Len % E->ElemSize) {
      fail("an array frame of " + std::to_string(H.Len) + " bytes for " +
           std::to_string(E->ElemSize) + "-byte elements");
      return;
    }
    if (E->ElemSize && Have < H.Len && H.Len >= ZeroCopyBytes) {
      // The rest goes straight into the payload's elements.
      Direct = E->NewArray(H.Len / E->ElemSize);
      DirectChan = H.Chan;
      DirectLen = H.Len;
      DirectGot = Have;
      std::memcpy(Direct->elementData(), Body, Have);
      InLen = 0;
      return;
    }
    HeaderFirst = false; // small frames: read as much as fits again
    if (Have < H.Len) {
      Pending = HeaderSize + H.Len;
      break;
    }
    Payload *P = nullptr;
    if (E->ElemSize) {
      P = E->NewArray(H.Len / E->ElemSize);
      if (H.Len)
        std::memcpy(P->elementData(), Body, H.Len);
    } else {
      try {
        wire::Reader R(Body, H.Len);
        P = E->De(R);
        if (R.remaining())
          throw wire::WireError(std::to_string(R.remaining()) +
                                " bytes left over");
      } catch (std::exception &X) {
        delete P;
        fail("a bad payload on channel " + std::to_string(H.Chan) + ": " +
             X.what());
        return;
      } catch (...) {
        delete P;
        fail("a bad payload on channel " + std::to_string(H.Chan));
        return;
      }
    }
    At += HeaderSize + H.Len;
    Sink.data(H.Chan, P, H.Len);
  }
  if (Dead)
    return;
  // Keep the partial frame at the front.
  std::memmove(In.data(), In.data() + At, InLen - At);
  InLen -= At;
  if (InLen == 0 || InLen < HeaderSize)
    Pending = 0;
  // A frame larger than the buffer: the buffer grows only once the bytes
  // already received fill it, doubling up to the frame's size, so a
  // header that announces 255 MiB costs nothing until they arrive (and
  // what they cost is paid for by bytes actually sent).
  if (InLen == In.size() && Pending > In.size())
    In.resize(std::min(Pending, 2 * In.size()));
}
