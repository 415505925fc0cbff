//===- WireTest.cpp - Containers as bytes ---------------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What aspen::wire writes for a container it reads back equal, and a reader
// given any prefix of those bytes, or a corrupt count or marker, throws
// WireError instead of reading past the end or allocating what the bytes
// cannot hold: the bytes come from another node.
//
//===----------------------------------------------------------------------===//

#include "aspen/wire.h"
#include <gtest/gtest.h>

using namespace aspen;

namespace {

struct Fields {
  std::map<std::string, long> Counts{{"apple", 3}, {"pear", 1}, {"", 0}};
  std::multimap<int, std::string> Multi{{2, "b"}, {1, "x"}, {2, "a"}};
  std::unordered_map<std::string, std::vector<double>> Series{{"t", {1.5, 2.5}},
                                                              {"u", {}}};
  std::unordered_multimap<long, short> UMulti{{7, 1}, {7, 2}};
  std::set<std::pair<int, std::string>> Pairs{{1, "one"}, {0, "zero"}};
  std::multiset<char> Letters{'b', 'a', 'b'};
  std::unordered_set<std::string> Names{"ada", "grace"};
  std::unordered_multiset<int> Bag{4, 4, 5};
  std::optional<std::string> Some = "here";
  std::optional<int> None;
  std::deque<std::optional<float>> Queue{1.0f, std::nullopt, 3.0f};
  std::list<std::map<int, std::set<int>>> Nested{{{1, {2, 3}}}, {}};
  std::vector<bool> Flags{true, false, false, true, true};

  void put(wire::Writer &W) const {
    W.put(Counts), W.put(Multi), W.put(Series), W.put(UMulti), W.put(Pairs);
    W.put(Letters), W.put(Names), W.put(Bag), W.put(Some), W.put(None);
    W.put(Queue), W.put(Nested), W.put(Flags);
  }
  void get(wire::Reader &R) {
    R.get(Counts), R.get(Multi), R.get(Series), R.get(UMulti), R.get(Pairs);
    R.get(Letters), R.get(Names), R.get(Bag), R.get(Some), R.get(None);
    R.get(Queue), R.get(Nested), R.get(Flags);
  }
  bool operator==(const Fields &O) const {
    return Counts == O.Counts && Multi == O.Multi && Series == O.Series &&
           UMulti == O.UMulti && Pairs == O.Pairs && Letters == O.Letters &&
           Names == O.Names && Bag == O.Bag && Some == O.Some &&
           None == O.None && Queue == O.Queue && Nested == O.Nested &&
           Flags == O.Flags;
  }
};

std::vector<char> bytesOf(const Fields &F) {
  std::vector<char> Out;
  wire::Writer W(Out);
  F.put(W);
  return Out;
}

TEST(Wire, ContainersRoundTrip) {
  Fields In;
  std::vector<char> B = bytesOf(In);
  Fields Out;
  Out.Counts = {{"stale", 9}}; // reading replaces what was there
  Out.Some.reset();
  Out.None = 5;
  Out.Nested.clear();
  wire::Reader R(B.data(), B.size());
  Out.get(R);
  EXPECT_EQ(R.remaining(), 0u);
  EXPECT_TRUE(In == Out);
  // A multimap's equal keys keep their order.
  auto [First, Last] = Out.Multi.equal_range(2);
  ASSERT_EQ(std::distance(First, Last), 2);
  EXPECT_EQ(First->second, "b");
  EXPECT_EQ(std::next(First)->second, "a");
}

TEST(Wire, EveryPrefixIsRejected) {
  std::vector<char> B = bytesOf(Fields());
  for (size_t Len = 0; Len < B.size(); ++Len) {
    wire::Reader R(B.data(), Len);
    Fields Out;
    EXPECT_THROW(Out.get(R), wire::WireError) << "prefix of " << Len;
  }
}

TEST(Wire, ACorruptOptionalMarkerIsRejected) {
  std::vector<char> B;
  wire::Writer W(B);
  W.put(std::optional<int>(4));
  B[0] = 2;
  wire::Reader R(B.data(), B.size());
  std::optional<int> O;
  EXPECT_THROW(R.get(O), wire::WireError);
}

TEST(Wire, ABoolIsZeroOrOne) {
  std::vector<char> B;
  wire::Writer W(B);
  W.put(std::vector<bool>{true, true});
  B.back() = 7;
  wire::Reader R(B.data(), B.size());
  std::vector<bool> V;
  EXPECT_THROW(R.get(V), wire::WireError);
}

TEST(Wire, ACountBeyondTheBytesIsRejectedBeforeAllocating) {
  std::vector<char> B;
  wire::Writer W(B);
  W.put(uint64_t(1) << 60); // a map of 2^60 entries, and no entries
  for (int K = 0; K < 4; ++K) {
    wire::Reader R(B.data(), B.size());
    try {
      if (K == 0) {
        std::map<int, int> M;
        R.get(M);
      } else if (K == 1) {
        std::unordered_set<std::string> S;
        R.get(S);
      } else if (K == 2) {
        std::deque<long> D;
        R.get(D);
      } else {
        std::list<std::string> L;
        R.get(L);
      }
      ADD_FAILURE() << "container " << K << " accepted the count";
    } catch (const wire::WireError &) {
    }
  }
}

// Distribute("hash") routes by this key, which the docs give as FNV-1a:
// the published test vectors (before, the offset basis lacked a digit).
TEST(Wire, StringKeyIsFnv1a) {
  EXPECT_EQ(aspen::StringPayload("").key(), 0xcbf29ce484222325ull);
  EXPECT_EQ(aspen::StringPayload("a").key(), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(aspen::StringPayload("foobar").key(), 0x85944171f73967e8ull);
}

} // namespace
