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
#include <openssl/kdf.h>
#include <openssl/rand.h>

using namespace aspen::rt::transport::handshake;

namespace {

constexpr char AcceptLabel[] = "aspen-accept";
constexpr char DialLabel[] = "aspen-dial";
constexpr char TlsLabel[] = "aspen-tls-psk";

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
    uint32_t Dialler, uint32_t Acceptor, uint64_t ProgramHash, uint8_t Tls) {
  // The longest label, both nonces, two indices, the hash, the settings.
  unsigned char Msg[sizeof AcceptLabel - 1 + 2 * NonceSize + 4 + 4 + 8 + 1];
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
  if (Tls) // (without TLS, the MACs of the nodes before the setting)
    *P++ = Tls;
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
    const unsigned char *Got, uint8_t Tls) {
  Mac Want = computeMac(Secret, D, Nd, Na, Dialler, Acceptor, ProgramHash, Tls);
  bool Same = CRYPTO_memcmp(Want.data(), Got, MacSize) == 0;
  OPENSSL_cleanse(Want.data(), Want.size());
  return Same;
}

TlsKey aspen::rt::transport::handshake::tlsKey(std::string_view Secret,
                                               const Nonce &Nd, const Nonce &Na,
                                               uint32_t Dialler,
                                               uint32_t Acceptor,
                                               uint64_t ProgramHash) {
  unsigned char Salt[2 * NonceSize];
  std::copy(Nd.begin(), Nd.end(), Salt);
  std::copy(Na.begin(), Na.end(), Salt + NonceSize);
  unsigned char Info[sizeof TlsLabel - 1 + 4 + 4 + 8];
  unsigned char *P = Info;
  std::memcpy(P, TlsLabel, sizeof TlsLabel - 1);
  P += sizeof TlsLabel - 1;
  P = putLE(P, Dialler);
  P = putLE(P, Acceptor);
  P = putLE(P, ProgramHash);
  TlsKey Out{};
  size_t Len = Out.size();
  EVP_PKEY_CTX *Ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, nullptr);
  bool Ok = Ctx && EVP_PKEY_derive_init(Ctx) > 0 &&
            EVP_PKEY_CTX_set_hkdf_md(Ctx, EVP_sha256()) > 0 &&
            EVP_PKEY_CTX_set1_hkdf_salt(Ctx, Salt, int(sizeof Salt)) > 0 &&
            EVP_PKEY_CTX_set1_hkdf_key(
                Ctx, reinterpret_cast<const unsigned char *>(Secret.data()),
                int(Secret.size())) > 0 &&
            EVP_PKEY_CTX_add1_hkdf_info(Ctx, Info, int(P - Info)) > 0 &&
            EVP_PKEY_derive(Ctx, Out.data(), &Len) > 0 && Len == Out.size();
  EVP_PKEY_CTX_free(Ctx);
  // No key (OpenSSL out of memory): a random one, with which the TLS
  // handshake fails.
  if (!Ok && RAND_bytes(Out.data(), int(Out.size())) != 1)
    Out.fill(0xa5);
  return Out;
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
    if (std::memcmp(Buf.data(), Magic, sizeof Magic) == 0 ||
        std::memcmp(Buf.data(), TlsMagic, sizeof TlsMagic) == 0) {
      PeerTls = Buf[7] == 'T';
      St = State::WantDial; // the rest of step 1 follows in Buf
    } else if (std::memcmp(Buf.data(), OldMagic, sizeof OldMagic) == 0)
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
                       Me.ProgramHash, tlsBits());
    unsigned char *R = Reply.data();
    const char *M = Me.Tls ? TlsMagic : Magic;
    R = std::copy(M, M + sizeof Magic, R);
    R = putLE(R, Me.Self);
    R = std::copy(Na.begin(), Na.end(), R);
    std::copy(A.begin(), A.end(), R);
    St = State::WantProof;
    Have = 0;
    return;
  }
  case State::WantProof:
    if (verifyMac(Me.Secret, Direction::Dial, Nd, Na, Peer, Me.Self,
                  Me.ProgramHash, Buf.data(), tlsBits()))
      St = State::Accepted;
    else
      refuse("failed authentication (not this job's secret, or a replayed "
             "greeting)");
    return;
  default:
    return;
  }
}

TlsKey AcceptorHandshake::tlsKey() const {
  return handshake::tlsKey(Me.Secret, Nd, Na, Peer, Me.Self, Me.ProgramHash);
}

//===----------------------------------------------------------------------===//
// The dialler
//===----------------------------------------------------------------------===//

DiallerHandshake::DiallerHandshake(const Identity &Me, uint32_t Acceptor,
                                   const Nonce &Nd)
    : Me(Me), Acceptor(Acceptor), Nd(Nd) {
  unsigned char *P = Hello.data();
  const char *M = Me.Tls ? TlsMagic : Magic;
  P = std::copy(M, M + sizeof Magic, P);
  P = putLE(P, Me.Self);
  P = putLE(P, Me.ProgramHash);
  std::copy(Nd.begin(), Nd.end(), P);
}

DiallerHandshake::Verdict DiallerHandshake::check(const unsigned char *Answer) {
  bool PeerTls = std::memcmp(Answer, TlsMagic, sizeof TlsMagic) == 0;
  if (!PeerTls && std::memcmp(Answer, Magic, sizeof Magic) != 0)
    return Verdict::NotAspen;
  AnsweredAs = getLE<uint32_t>(Answer + 8);
  if (AnsweredAs != Acceptor)
    return Verdict::AnotherNode;
  std::copy(Answer + 12, Answer + 12 + NonceSize, Na.begin());
  uint8_t Tls = uint8_t((Me.Tls ? 1 : 0) | (PeerTls ? 2 : 0));
  if (!verifyMac(Me.Secret, Direction::Accept, Nd, Na, Me.Self, Acceptor,
                 Me.ProgramHash, Answer + 12 + NonceSize, Tls))
    return Verdict::FailedAuth;
  Proof = computeMac(Me.Secret, Direction::Dial, Nd, Na, Me.Self, Acceptor,
                     Me.ProgramHash, Tls);
  return PeerTls == Me.Tls ? Verdict::Ok : Verdict::TlsMismatch;
}

TlsKey DiallerHandshake::tlsKey() const {
  return handshake::tlsKey(Me.Secret, Nd, Na, Me.Self, Acceptor,
                           Me.ProgramHash);
}
