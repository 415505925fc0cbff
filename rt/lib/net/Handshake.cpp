//===- Handshake.cpp - Nodes authenticating each other --------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The MACs (OpenSSL's HMAC-SHA256, its random generator and its constant
// time comparison) and the two sides' state machines. See Handshake.h, and
// Connect.cpp for the protocol.
//
//===----------------------------------------------------------------------===//

#include "net/Handshake.h"
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

using namespace aspen::rt::transport::handshake;

namespace {

constexpr char AcceptLabel[] = "aspen-accept";
constexpr char DialLabel[] = "aspen-dial";

template <typename T> unsigned char *putLE(unsigned char *P, T V) {
  for (size_t K = 0; K < sizeof V; ++K)
    *P++ = static_cast<unsigned char>(uint64_t(V) >> (8 * K));
  return P;
}

template <typename T> T getLE(const unsigned char *P) {
  uint64_t V = 0;
  for (size_t K = 0; K < sizeof(T); ++K)
    V |= uint64_t(P[K]) << (8 * K);
  return static_cast<T>(V);
}

} // namespace

Mac aspen::rt::transport::handshake::computeMac(
    std::string_view Secret, Direction D, const Nonce &Nd, const Nonce &Na,
    uint32_t Dialler, uint32_t Acceptor, uint64_t ProgramHash) {
  // The longest label, both nonces, two indices, the hash.
  unsigned char Msg[sizeof AcceptLabel - 1 + 2 * NonceSize + 4 + 4 + 8];
  unsigned char *P = Msg;
  const Nonce &First = D == Direction::Accept ? Nd : Na;
  const Nonce &Second = D == Direction::Accept ? Na : Nd;
  const char *Label = D == Direction::Accept ? AcceptLabel : DialLabel;
  size_t LabelLen = std::strlen(Label);
  std::memcpy(P, Label, LabelLen);
  P += LabelLen;
  P = std::copy(First.begin(), First.end(), P);
  P = std::copy(Second.begin(), Second.end(), P);
  P = putLE(P, Dialler);
  P = putLE(P, Acceptor);
  P = putLE(P, ProgramHash);
  Mac Out{};
  unsigned int Len = 0;
  if (!HMAC(EVP_sha256(), Secret.data(), int(Secret.size()), Msg,
            size_t(P - Msg), Out.data(), &Len) ||
      Len != MacSize) {
    // No MAC (OpenSSL out of memory): a random one, which nothing matches.
    if (RAND_bytes(Out.data(), int(Out.size())) != 1)
      Out.fill(0);
  }
  return Out;
}

bool aspen::rt::transport::handshake::verifyMac(
    std::string_view Secret, Direction D, const Nonce &Nd, const Nonce &Na,
    uint32_t Dialler, uint32_t Acceptor, uint64_t ProgramHash,
    const unsigned char *Got) {
  Mac Want = computeMac(Secret, D, Nd, Na, Dialler, Acceptor, ProgramHash);
  bool Same = CRYPTO_memcmp(Want.data(), Got, MacSize) == 0;
  OPENSSL_cleanse(Want.data(), Want.size());
  return Same;
}

bool aspen::rt::transport::handshake::randomNonce(Nonce &N) {
  return RAND_bytes(N.data(), int(N.size())) == 1;
}

//===----------------------------------------------------------------------===//
// The acceptor
//===----------------------------------------------------------------------===//

AcceptorHandshake::AcceptorHandshake(const Identity &Me, const Nonce &Na)
    : Me(Me), Na(Na) {}

size_t AcceptorHandshake::want() const {
  switch (St) {
  case State::WantMagic:
    return sizeof Magic - Have;
  case State::WantDial:
    return DialSize - Have;
  case State::WantProof:
    return ProofSize - Have;
  default:
    return 0;
  }
}

size_t AcceptorHandshake::feed(const unsigned char *Data, size_t Len) {
  size_t Took = 0;
  while (Took < Len && want()) {
    size_t N = std::min(Len - Took, want());
    std::memcpy(space(), Data + Took, N);
    received(N);
    Took += N;
  }
  return Took;
}

void AcceptorHandshake::received(size_t N) {
  N = std::min(N, want());
  Have += N;
  if (want())
    return;
  switch (St) {
  case State::WantMagic:
    if (std::memcmp(Buf.data(), Magic, sizeof Magic) == 0)
      St = State::WantDial; // the rest of step 1 follows in Buf
    else if (std::memcmp(Buf.data(), OldMagic, sizeof OldMagic) == 0)
      refuse("an aspen node of an older version (it sent the job secret "
             "in clear; it is not answered)");
    else
      refuse("not an aspen node (bad greeting)");
    return;
  case State::WantDial: {
    const unsigned char *P = Buf.data() + sizeof Magic;
    Peer = getLE<uint32_t>(P);
    uint64_t Hash = getLE<uint64_t>(P + 4);
    std::copy(P + 12, P + 12 + NonceSize, Nd.begin());
    if (Hash != Me.ProgramHash)
      return refuse("a different program");
    if (Peer >= Me.Nodes || Peer == Me.Self) {
      std::snprintf(WhyBuf, sizeof WhyBuf, "bad node index %u", unsigned(Peer));
      return refuse(WhyBuf);
    }
    Mac A = computeMac(Me.Secret, Direction::Accept, Nd, Na, Peer, Me.Self,
                       Me.ProgramHash);
    unsigned char *R = Reply.data();
    R = std::copy(std::begin(Magic), std::end(Magic), R);
    R = putLE(R, Me.Self);
    R = std::copy(Na.begin(), Na.end(), R);
    std::copy(A.begin(), A.end(), R);
    St = State::WantProof;
    Have = 0;
    return;
  }
  case State::WantProof:
    if (verifyMac(Me.Secret, Direction::Dial, Nd, Na, Peer, Me.Self,
                  Me.ProgramHash, Buf.data()))
      St = State::Accepted;
    else
      refuse("failed authentication (not this job's secret, or a replayed "
             "greeting)");
    return;
  default:
    return;
  }
}

//===----------------------------------------------------------------------===//
// The dialler
//===----------------------------------------------------------------------===//

DiallerHandshake::DiallerHandshake(const Identity &Me, uint32_t Acceptor,
                                   const Nonce &Nd)
    : Me(Me), Acceptor(Acceptor), Nd(Nd) {
  unsigned char *P = Hello.data();
  P = std::copy(std::begin(Magic), std::end(Magic), P);
  P = putLE(P, Me.Self);
  P = putLE(P, Me.ProgramHash);
  std::copy(Nd.begin(), Nd.end(), P);
}

DiallerHandshake::Verdict DiallerHandshake::check(const unsigned char *Answer) {
  if (std::memcmp(Answer, Magic, sizeof Magic) != 0)
    return Verdict::NotAspen;
  AnsweredAs = getLE<uint32_t>(Answer + 8);
  if (AnsweredAs != Acceptor)
    return Verdict::AnotherNode;
  Nonce Na;
  std::copy(Answer + 12, Answer + 12 + NonceSize, Na.begin());
  if (!verifyMac(Me.Secret, Direction::Accept, Nd, Na, Me.Self, Acceptor,
                 Me.ProgramHash, Answer + 12 + NonceSize))
    return Verdict::FailedAuth;
  Proof = computeMac(Me.Secret, Direction::Dial, Nd, Na, Me.Self, Acceptor,
                     Me.ProgramHash);
  return Verdict::Ok;
}
