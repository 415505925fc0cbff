//===- FramingTest.cpp - The frame decoder's reads and deliveries ---------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// How much the decoder asks to read decides how often large bodies are
// copied: after a large frame it asks for a header alone, so the next large
// body lands in its payload directly; a small frame switches back to full
// reads, so small frames batch. Every frame arrives intact either way.
//
//===----------------------------------------------------------------------===//

#include "net/Framing.h"
#include "aspen/runtime.h"
#include "net/WireRegistry.h"
#include <cstring>
#include <gtest/gtest.h>
#include <vector>

using namespace aspen;
using namespace aspen::rt::transport;

namespace {

struct Collect final : FrameSink {
  std::vector<std::vector<char>> Got;
  std::string Error;
  bool knownChannel(uint32_t Chan) override { return Chan == 1; }
  void control(const Header &, const char *) override {}
  void data(uint32_t, Payload *P, size_t Len) override {
    const char *D = static_cast<const char *>(P->elementData());
    Got.emplace_back(D, D + Len);
    delete P;
  }
  void protocolError(const std::string &Why) override { Error = Why; }
};

/// One frame of a char array on channel 1, filled with Fill.
std::vector<char> frame(size_t Len, char Fill) {
  ArrayPayload<char> Probe(1);
  uint32_t Type = 0;
  EXPECT_NE(wire::lookup(Probe, Type), nullptr);
  Header H{uint32_t(Len), 1, Type};
  std::vector<char> F(sizeof H + Len, Fill);
  std::memcpy(F.data(), &H, sizeof H);
  return F;
}

/// Char-array frames of the given sizes and fillings, back to back.
std::vector<char>
stream(std::initializer_list<std::pair<size_t, char>> Frames) {
  std::vector<char> S;
  for (auto [Len, Fill] : Frames) {
    std::vector<char> F = frame(Len, Fill);
    S.insert(S.end(), F.begin(), F.end());
  }
  return S;
}

/// Feeds Bytes to D the way a socket would when it holds them all: each
/// read fills what the decoder asks for. Returns the sizes it asked for.
std::vector<size_t> feed(FrameDecoder &D, const std::vector<char> &Bytes) {
  std::vector<size_t> Asked;
  size_t At = 0;
  while (At < Bytes.size() && !D.dead()) {
    size_t N = std::min(D.readRoom(), Bytes.size() - At);
    Asked.push_back(D.readRoom());
    std::memcpy(D.readTarget(), Bytes.data() + At, N);
    At += N;
    D.consumed(N);
  }
  return Asked;
}

TEST(FrameDecoder, LargeFramesAfterTheFirstAreReadHeaderFirst) {
  const size_t Big = 300 * 1024; // above ZeroCopyBytes and the 256 KiB buffer
  std::vector<char> Stream = stream({{Big, 'a'}, {Big, 'b'}, {Big, 'c'}});
  Collect S;
  FrameDecoder D(1 << 30, S);
  std::vector<size_t> Asked = feed(D, Stream);
  ASSERT_EQ(S.Error, "");
  ASSERT_EQ(S.Got.size(), 3u);
  for (size_t I = 0; I < 3; ++I) {
    ASSERT_EQ(S.Got[I].size(), Big);
    EXPECT_EQ(S.Got[I].front(), "abc"[I]);
    EXPECT_EQ(S.Got[I].back(), "abc"[I]);
  }
  // The first read fills the staging buffer; the rest of that body goes to
  // its payload; then a header alone, then the whole next body, twice.
  ASSERT_EQ(Asked.size(), 6u);
  EXPECT_EQ(Asked[2], HeaderSize);
  EXPECT_EQ(Asked[3], Big);
  EXPECT_EQ(Asked[4], HeaderSize);
  EXPECT_EQ(Asked[5], Big);
}

TEST(FrameDecoder, ASmallFrameBringsBackFullReads) {
  const size_t Big = 300 * 1024;
  std::vector<char> Stream =
      stream({{Big, 'x'}, {16, 'y'}, {16, 'z'}, {Big, 'w'}});
  Collect S;
  FrameDecoder D(1 << 30, S);
  std::vector<size_t> Asked = feed(D, Stream);
  ASSERT_EQ(S.Error, "");
  ASSERT_EQ(S.Got.size(), 4u);
  EXPECT_EQ(S.Got[0].size(), Big);
  EXPECT_EQ(S.Got[1], std::vector<char>(16, 'y'));
  EXPECT_EQ(S.Got[2], std::vector<char>(16, 'z'));
  EXPECT_EQ(S.Got[3].size(), Big);
  EXPECT_EQ(S.Got[3].back(), 'w');
  // After the large frame: a header alone (the first small frame's), then
  // a full-sized read, which takes that frame's body, the second small
  // frame and the next large frame's start together.
  ASSERT_GE(Asked.size(), 4u);
  EXPECT_EQ(Asked[2], HeaderSize);
  EXPECT_GT(Asked[3], 64u * 1024);
}

TEST(FrameDecoder, AFrameOverTheLimitIsAnError) {
  Collect S;
  FrameDecoder D(1024, S);
  feed(D, frame(4096, 'q'));
  EXPECT_TRUE(D.dead());
  EXPECT_NE(S.Error.find("exceeds the limit"), std::string::npos);
  EXPECT_TRUE(S.Got.empty());
}

} // namespace

// A header announcing a large body that is not an array costs nothing until
// the bytes come: the buffer grows only as they fill it, doubling up to the
// frame's size (before, it grew to the announced size at once, so one
// 12-byte header of 255 MiB held that much memory from a peer that then
// sent a byte a second).
TEST(FrameDecoder, BufferGrowsWithTheBytesReceived) {
  struct Control final : FrameSink {
    size_t Frames = 0, Len = 0;
    bool knownChannel(uint32_t) override { return true; }
    void control(const Header &H, const char *Body) override {
      ++Frames;
      Len = H.Len;
      EXPECT_EQ(Body[0], 'z');
      EXPECT_EQ(Body[H.Len - 1], 'z');
    }
    void data(uint32_t, Payload *P, size_t) override { delete P; }
    void protocolError(const std::string &) override { ADD_FAILURE(); }
  } S;
  const size_t Body = 8 << 20;
  FrameDecoder D(1 << 30, S);
  Header H{uint32_t(Body), ControlChannel, 0};
  std::vector<char> Bytes(sizeof H + Body, 'z');
  std::memcpy(Bytes.data(), &H, sizeof H);
  size_t At = 0, Initial = D.readRoom();
  while (At < Bytes.size()) {
    // Room never runs ahead of what arrived by more than the first buffer.
    ASSERT_LE(D.readRoom(), std::max(At, Initial));
    size_t N = std::min({D.readRoom(), Bytes.size() - At, size_t(4096)});
    ASSERT_GT(N, 0u);
    std::memcpy(D.readTarget(), Bytes.data() + At, N);
    At += N;
    ASSERT_TRUE(D.consumed(N));
  }
  EXPECT_EQ(S.Frames, 1u);
  EXPECT_EQ(S.Len, Body);
}
