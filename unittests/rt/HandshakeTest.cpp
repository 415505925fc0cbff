//===- HandshakeTest.cpp - The nodes' challenge and response --------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The MACs against vectors computed with Python's hmac module, the two
// sides' state machines against each other, and the acceptor fed random,
// truncated, oversized and mutated greetings: it must never accept one,
// never read past its fixed buffer, and never crash.
//
//===----------------------------------------------------------------------===//

#include "net/Handshake.h"
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

using namespace aspen::rt::transport::handshake;

namespace {

std::string hex(const unsigned char *P, size_t N) {
  static const char *Digits = "0123456789abcdef";
  std::string S;
  for (size_t K = 0; K < N; ++K) {
    S += Digits[P[K] >> 4];
    S += Digits[P[K] & 15];
  }
  return S;
}

template <size_t N> std::string hex(const std::array<unsigned char, N> &A) {
  return hex(A.data(), N);
}

Nonce counting(unsigned char From) {
  Nonce N;
  for (size_t K = 0; K < N.size(); ++K)
    N[K] = static_cast<unsigned char>(From + K);
  return N;
}

const std::string Secret = [] {
  std::string S;
  for (char K = 0; K < 16; ++K)
    S += K;
  return S;
}();
constexpr uint64_t Hash = 0x0123456789abcdefull;

Identity identity(uint32_t Self, const std::string &Key = Secret) {
  Identity Me;
  Me.Secret = Key;
  Me.Self = Self;
  Me.Nodes = 4;
  Me.ProgramHash = Hash;
  return Me;
}

// python3 -c 'import hmac,hashlib,struct
// s=bytes(range(16)); nd=bytes(range(32,64)); na=bytes(range(64,96))
// t=struct.pack("<IIQ",2,1,0x0123456789abcdef)
// print(hmac.new(s,b"aspen-accept"+nd+na+t,hashlib.sha256).hexdigest())
// print(hmac.new(s,b"aspen-dial"+na+nd+t,hashlib.sha256).hexdigest())'
const char *AcceptVector =
    "3180921f64eaaef6ef00378c750ef74c497c9d3af4c3f0b936f5e8a511138056";
const char *DialVector =
    "bda3ec2784c9818211462a352247bb038d015ff8c09a2338a9811e7936559747";

} // namespace

TEST(HandshakeMac, MatchesPythonHmac) {
  Nonce Nd = counting(0x20), Na = counting(0x40);
  EXPECT_EQ(hex(computeMac(Secret, Direction::Accept, Nd, Na, 2, 1, Hash)),
            AcceptVector);
  EXPECT_EQ(hex(computeMac(Secret, Direction::Dial, Nd, Na, 2, 1, Hash)),
            DialVector);
}

TEST(HandshakeMac, VerifiesOnlyTheSameInputs) {
  Nonce Nd = counting(0x20), Na = counting(0x40);
  Mac M = computeMac(Secret, Direction::Accept, Nd, Na, 2, 1, Hash);
  EXPECT_TRUE(
      verifyMac(Secret, Direction::Accept, Nd, Na, 2, 1, Hash, M.data()));
  // The other direction (a reflected MAC), swapped nonces, another nonce,
  // other indices, another program, another secret, one bit off.
  EXPECT_FALSE(
      verifyMac(Secret, Direction::Dial, Nd, Na, 2, 1, Hash, M.data()));
  EXPECT_FALSE(
      verifyMac(Secret, Direction::Accept, Na, Nd, 2, 1, Hash, M.data()));
  EXPECT_FALSE(verifyMac(Secret, Direction::Accept, Nd, counting(0x41), 2, 1,
                         Hash, M.data()));
  EXPECT_FALSE(
      verifyMac(Secret, Direction::Accept, Nd, Na, 1, 2, Hash, M.data()));
  EXPECT_FALSE(
      verifyMac(Secret, Direction::Accept, Nd, Na, 3, 1, Hash, M.data()));
  EXPECT_FALSE(
      verifyMac(Secret, Direction::Accept, Nd, Na, 2, 1, Hash + 1, M.data()));
  std::string Other = Secret;
  Other[15] ^= 1;
  EXPECT_FALSE(
      verifyMac(Other, Direction::Accept, Nd, Na, 2, 1, Hash, M.data()));
  for (size_t Bit = 0; Bit < 8 * MacSize; Bit += 37) {
    Mac Off = M;
    Off[Bit / 8] ^= static_cast<unsigned char>(1u << (Bit % 8));
    EXPECT_FALSE(
        verifyMac(Secret, Direction::Accept, Nd, Na, 2, 1, Hash, Off.data()));
  }
}

TEST(HandshakeMac, NoncesAreFresh) {
  Nonce A{}, B{};
  ASSERT_TRUE(randomNonce(A));
  ASSERT_TRUE(randomNonce(B));
  EXPECT_NE(A, B);
}

TEST(Handshake, TheTwoSidesAgree) {
  Nonce Nd = counting(0x20), Na = counting(0x40);
  DiallerHandshake D(identity(2), 1, Nd);
  AcceptorHandshake A(identity(1), Na);
  // Step 1 a byte at a time: the acceptor never wants more than is due.
  for (unsigned char B : D.hello()) {
    ASSERT_GE(A.want(), 1u);
    ASSERT_EQ(A.feed(&B, 1), 1u);
  }
  ASSERT_EQ(A.state(), AcceptorHandshake::State::WantProof);
  EXPECT_EQ(A.peer(), 2u);
  // Step 2 carries the vector's MACa after magic, index and Na.
  EXPECT_EQ(hex(A.reply().data() + 8 + 4 + NonceSize, MacSize), AcceptVector);
  ASSERT_EQ(D.check(A.reply().data()), DiallerHandshake::Verdict::Ok);
  EXPECT_EQ(hex(D.proof()), DialVector);
  // Step 3, with a byte too many: it is left for the frames.
  std::vector<unsigned char> Proof(D.proof().begin(), D.proof().end());
  Proof.push_back(0);
  EXPECT_EQ(A.feed(Proof.data(), Proof.size()), ProofSize);
  EXPECT_EQ(A.state(), AcceptorHandshake::State::Accepted);
  EXPECT_EQ(A.want(), 0u);
}

TEST(Handshake, AcceptorRefusals) {
  Nonce Nd = counting(0x20), Na = counting(0x40);
  auto Run = [&](std::vector<unsigned char> Bytes, const Identity &Me) {
    AcceptorHandshake A(Me, Na);
    A.feed(Bytes.data(), Bytes.size());
    return std::make_pair(A.state(), std::string(A.why()));
  };
  DiallerHandshake D(identity(2), 1, Nd);
  std::vector<unsigned char> Hello(D.hello().begin(), D.hello().end());
  using S = AcceptorHandshake::State;

  auto Garbage = Hello;
  Garbage[0] = 'G';
  EXPECT_EQ(Run(Garbage, identity(1)),
            std::make_pair(S::Refused,
                           std::string("not an aspen node (bad greeting)")));
  auto Old = Hello;
  Old[6] = '1'; // ASPENv1: the greeting that carried the secret
  auto R = Run(Old, identity(1));
  EXPECT_EQ(R.first, S::Refused);
  EXPECT_NE(R.second.find("older version"), std::string::npos) << R.second;

  Identity OtherProgram = identity(1);
  OtherProgram.ProgramHash ^= 1;
  EXPECT_EQ(Run(Hello, OtherProgram),
            std::make_pair(S::Refused, std::string("a different program")));
  EXPECT_EQ(Run(Hello, identity(2)),
            std::make_pair(S::Refused, std::string("bad node index 2")));
  auto Far = Hello;
  Far[8] = 9; // node 9 of 4
  EXPECT_EQ(Run(Far, identity(1)),
            std::make_pair(S::Refused, std::string("bad node index 9")));

  // A dialler with another secret: its proof fails.
  std::string Wrong(16, 'x');
  DiallerHandshake Stranger(identity(2, Wrong), 1, Nd);
  AcceptorHandshake A(identity(1), Na);
  A.feed(Stranger.hello().data(), DialSize);
  ASSERT_EQ(A.state(), S::WantProof);
  // ...and it learns nothing it could check the acceptor with either.
  EXPECT_EQ(Stranger.check(A.reply().data()),
            DiallerHandshake::Verdict::FailedAuth);
  Mac Guess = computeMac(Wrong, Direction::Dial, Nd, Na, 2, 1, Hash);
  A.feed(Guess.data(), Guess.size());
  EXPECT_EQ(A.state(), S::Refused);
  EXPECT_NE(std::string(A.why()).find("failed authentication"),
            std::string::npos);

  // The acceptor's own MACa sent back as the proof (a reflection).
  AcceptorHandshake B(identity(1), Na);
  B.feed(Hello.data(), Hello.size());
  B.feed(B.reply().data() + 8 + 4 + NonceSize, MacSize);
  EXPECT_EQ(B.state(), S::Refused);

  // A proof recorded on one connection, replayed on the next (same Nd,
  // a new Na): refused.
  AcceptorHandshake First(identity(1), Na);
  First.feed(Hello.data(), Hello.size());
  ASSERT_EQ(D.check(First.reply().data()), DiallerHandshake::Verdict::Ok);
  Mac Recorded = D.proof();
  AcceptorHandshake Second(identity(1), counting(0x41));
  Second.feed(Hello.data(), Hello.size());
  Second.feed(Recorded.data(), Recorded.size());
  EXPECT_EQ(Second.state(), S::Refused);
}

TEST(Handshake, DiallerRefusals) {
  Nonce Nd = counting(0x20), Na = counting(0x40);
  AcceptorHandshake A(identity(1), Na);
  DiallerHandshake D(identity(2), 1, Nd);
  A.feed(D.hello().data(), DialSize);
  auto Answer = A.reply();
  using V = DiallerHandshake::Verdict;
  auto Check = [&](std::array<unsigned char, AcceptSize> Bytes) {
    DiallerHandshake Fresh(identity(2), 1, Nd);
    V Verdict = Fresh.check(Bytes.data());
    // Nothing derived from the secret unless the acceptor proved itself.
    if (Verdict != V::Ok)
      EXPECT_EQ(hex(Fresh.proof()), std::string(2 * MacSize, '0'));
    return Verdict;
  };
  EXPECT_EQ(Check(Answer), V::Ok);
  auto Bad = Answer;
  Bad[1] = 'X';
  EXPECT_EQ(Check(Bad), V::NotAspen);
  Bad = Answer;
  Bad[8] = 3; // answers as node 3
  EXPECT_EQ(Check(Bad), V::AnotherNode);
  Bad = Answer;
  Bad[AcceptSize - 1] ^= 0x80; // a wrong MAC
  EXPECT_EQ(Check(Bad), V::FailedAuth);
  Bad = Answer;
  Bad[12] ^= 1; // another Na than the MAC was made for
  EXPECT_EQ(Check(Bad), V::FailedAuth);
  // An acceptor with another secret.
  const std::string Other(16, 'y'); // outlives the handshake: Identity
                                    // holds a view of its secret
  AcceptorHandshake Impostor(identity(1, Other), Na);
  Impostor.feed(D.hello().data(), DialSize);
  EXPECT_EQ(Check(Impostor.reply()), V::FailedAuth);
}

// Fuzzed like the frame decoder: random bytes in random pieces, random and
// truncated greetings, and every kind of mutation of a valid one. The
// acceptor must never accept any of them, never take more than the 84
// bytes of steps 1 and 3 nor want more than its 52-byte buffer holds.
TEST(Handshake, RandomGreetingsAreNeverAccepted) {
  std::mt19937_64 Rng(20261126);
  Nonce Na = counting(0x40);
  auto Feed = [&](AcceptorHandshake &A, const std::vector<unsigned char> &In) {
    size_t Took = 0, At = 0;
    while (At < In.size()) {
      EXPECT_LE(A.want(), DialSize);
      size_t Piece = std::min<size_t>(In.size() - At, 1 + Rng() % 64);
      Took += A.feed(In.data() + At, Piece);
      At += Piece;
    }
    EXPECT_LE(Took, DialSize + ProofSize);
    return Took;
  };
  using S = AcceptorHandshake::State;
  // Random bytes, 0 to 300 of them, sometimes behind a valid magic and
  // hash so that they reach the proof.
  for (int Round = 0; Round < 20000; ++Round) {
    std::vector<unsigned char> In(Rng() % 301);
    for (unsigned char &B : In)
      B = static_cast<unsigned char>(Rng());
    if (Round % 2 && In.size() >= DialSize) {
      DiallerHandshake D(identity(1 + Rng() % 3), 0, counting(Rng() % 200));
      std::copy(D.hello().begin(), D.hello().end(), In.begin());
    }
    AcceptorHandshake A(identity(0), Na);
    Feed(A, In);
    ASSERT_NE(A.state(), S::Accepted) << "round " << Round;
  }
  // A valid greeting, then with one to four bytes changed, or cut short, or
  // with garbage after it: only the untouched, whole one is accepted.
  Nonce Nd = counting(0x20);
  DiallerHandshake D(identity(2), 1, Nd);
  AcceptorHandshake Probe(identity(1), Na);
  Probe.feed(D.hello().data(), DialSize);
  ASSERT_EQ(D.check(Probe.reply().data()), DiallerHandshake::Verdict::Ok);
  std::vector<unsigned char> Valid(D.hello().begin(), D.hello().end());
  Valid.insert(Valid.end(), D.proof().begin(), D.proof().end());
  {
    AcceptorHandshake A(identity(1), Na);
    std::vector<unsigned char> Longer = Valid;
    Longer.resize(Valid.size() + 1000, 0xAA);
    EXPECT_EQ(Feed(A, Longer), Valid.size());
    EXPECT_EQ(A.state(), S::Accepted); // the test can tell acceptance
  }
  for (int Round = 0; Round < 20000; ++Round) {
    std::vector<unsigned char> In = Valid;
    switch (Round % 3) {
    case 0: { // mutated
      unsigned Changes = 1 + Rng() % 4;
      for (unsigned K = 0; K < Changes; ++K)
        In[Rng() % In.size()] ^= static_cast<unsigned char>(1 + Rng() % 255);
      break;
    }
    case 1: // truncated
      In.resize(Rng() % In.size());
      break;
    case 2: { // a piece of the proof moved, garbage after
      size_t From = DialSize + Rng() % ProofSize;
      In.erase(In.begin() + long(From));
      for (int K = 0; K < 100; ++K)
        In.push_back(static_cast<unsigned char>(Rng()));
      break;
    }
    }
    if (In.size() >= Valid.size() &&
        std::equal(Valid.begin(), Valid.end(), In.begin()))
      continue; // the mutations cancelled out
    AcceptorHandshake A(identity(1), Na);
    Feed(A, In);
    ASSERT_NE(A.state(), S::Accepted) << "round " << Round;
    if (Round % 3 != 1)
      EXPECT_EQ(A.state(), S::Refused) << "round " << Round;
  }
}

// python3 -c 'import hmac,hashlib,struct
// s=bytes(range(16)); nd=bytes(range(32,64)); na=bytes(range(64,96))
// i=b"aspen-tls-psk"+struct.pack("<IIQ",2,1,0x0123456789abcdef)
// p=hmac.new(nd+na,s,hashlib.sha256).digest()
// print(hmac.new(p,i+b"\x01",hashlib.sha256).hexdigest())'  (HKDF-SHA256)
TEST(HandshakeTls, KeyIsHkdfOfTheSecretAndTheNonces) {
  Nonce Nd = counting(0x20), Na = counting(0x40);
  EXPECT_EQ(hex(tlsKey(Secret, Nd, Na, 2, 1, Hash)),
            "d3546396057001bb7ac335a8800fe5f911b786297b782cd09e7c1ce728df0574");
  EXPECT_NE(hex(tlsKey(Secret, Nd, counting(0x41), 2, 1, Hash)),
            hex(tlsKey(Secret, Nd, Na, 2, 1, Hash)));
  EXPECT_NE(hex(tlsKey(std::string(16, 'y'), Nd, Na, 2, 1, Hash)),
            hex(tlsKey(Secret, Nd, Na, 2, 1, Hash)));
}

TEST(HandshakeTls, BothOnAgreeOnTheKey) {
  Identity A1 = identity(1), D2 = identity(2);
  A1.Tls = D2.Tls = true;
  AcceptorHandshake A(A1, counting(0x40));
  DiallerHandshake D(D2, 1, counting(0x20));
  EXPECT_EQ(std::memcmp(D.hello().data(), TlsMagic, sizeof TlsMagic), 0);
  A.feed(D.hello().data(), DialSize);
  ASSERT_EQ(D.check(A.reply().data()), DiallerHandshake::Verdict::Ok);
  A.feed(D.proof().data(), ProofSize);
  ASSERT_EQ(A.state(), AcceptorHandshake::State::Accepted);
  EXPECT_TRUE(A.peerTls());
  EXPECT_EQ(hex(A.tlsKey()), hex(D.tlsKey()));
  // Without TLS on either side, the MACs are those of before the setting.
  AcceptorHandshake Plain(identity(1), counting(0x40));
  Plain.feed(DiallerHandshake(identity(2), 1, counting(0x20)).hello().data(),
             DialSize);
  EXPECT_EQ(hex(Plain.reply().data() + 12 + NonceSize, MacSize), AcceptVector);
}

TEST(HandshakeTls, MismatchIsProvenToBothSides) {
  for (bool DiallerTls : {true, false}) {
    Identity A1 = identity(1), D2 = identity(2);
    D2.Tls = DiallerTls;
    A1.Tls = !DiallerTls;
    AcceptorHandshake A(A1, counting(0x40));
    DiallerHandshake D(D2, 1, counting(0x20));
    A.feed(D.hello().data(), DialSize);
    ASSERT_EQ(A.state(), AcceptorHandshake::State::WantProof);
    ASSERT_EQ(D.check(A.reply().data()),
              DiallerHandshake::Verdict::TlsMismatch);
    A.feed(D.proof().data(), ProofSize);
    EXPECT_EQ(A.state(), AcceptorHandshake::State::Accepted);
    EXPECT_EQ(A.peerTls(), DiallerTls);
    // A setting changed on the way (the magic's last byte) fails the MACs.
    auto Hello = D.hello();
    Hello[7] = DiallerTls ? 0 : 'T';
    AcceptorHandshake B(A1, counting(0x40));
    B.feed(Hello.data(), DialSize);
    DiallerHandshake D3(D2, 1, counting(0x20));
    EXPECT_EQ(D3.check(B.reply().data()),
              DiallerHandshake::Verdict::FailedAuth);
    B.feed(D.proof().data(), ProofSize);
    EXPECT_EQ(B.state(), AcceptorHandshake::State::Refused);
  }
}
