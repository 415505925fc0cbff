//===- Handshake.h - Nodes authenticating each other ------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The greeting two nodes exchange before any frame: a challenge and
// response over fresh nonces from both sides, keyed with the job secret,
// which never crosses the wire (Connect.cpp describes the protocol). The
// two sides' state machines live here without sockets, so the unit tests
// and the fuzz test can drive them with any bytes; Connect.cpp moves their
// messages over the connections.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_NET_HANDSHAKE_H
#define ASPEN_RT_NET_HANDSHAKE_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace aspen::rt::transport::handshake {

inline constexpr char Magic[8] = {'A', 'S', 'P', 'E', 'N', 'v', '2', 0};
/// The same from a node with TLS on (ASPEN_NET_TLS=1): it says so in clear
/// in steps 1 and 2, and both MACs cover both sides' settings, so a node
/// meeting one with the other setting can say so, with authority, instead
/// of refusing it as a stranger.
inline constexpr char TlsMagic[8] = {'A', 'S', 'P', 'E', 'N', 'v', '2', 'T'};
/// The greeting of the nodes before this protocol (it carried the secret).
inline constexpr char OldMagic[8] = {'A', 'S', 'P', 'E', 'N', 'v', '1', 0};
inline constexpr size_t SecretSize = 16, NonceSize = 32, MacSize = 32;
/// The TLS pre-shared key of one connection.
inline constexpr size_t TlsKeySize = 32;
/// Step 1, dialler to acceptor: magic, dialler's index, program hash, Nd.
inline constexpr size_t DialSize = 8 + 4 + 8 + NonceSize; // 52
/// Step 2, acceptor to dialler: magic, acceptor's index, Na, MACa.
inline constexpr size_t AcceptSize = 8 + 4 + NonceSize + MacSize; // 76
/// Step 3, dialler to acceptor: MACd.
inline constexpr size_t ProofSize = MacSize; // 32

using Nonce = std::array<unsigned char, NonceSize>;
using Mac = std::array<unsigned char, MacSize>;
using TlsKey = std::array<unsigned char, TlsKeySize>;

/// Who proves: the acceptor (step 2) or the dialler (step 3). Each has its
/// own label, so one side's MAC is never the other's.
enum class Direction { Accept, Dial };

/// HMAC-SHA256 keyed with the secret over the direction's label, both
/// nonces, both node indices and the program hash:
///   Accept: "aspen-accept" || Nd || Na || dialler || acceptor || hash
///   Dial:   "aspen-dial"   || Na || Nd || dialler || acceptor || hash
/// (indices as 4 bytes and the hash as 8, little-endian), then, if either
/// side has TLS on, one byte of TLS settings (1: the dialler's, 2: the
/// acceptor's).
Mac computeMac(std::string_view Secret, Direction D, const Nonce &Nd,
               const Nonce &Na, uint32_t Dialler, uint32_t Acceptor,
               uint64_t ProgramHash, uint8_t Tls = 0);

/// Whether Got (MacSize bytes) is that MAC, compared in constant time.
bool verifyMac(std::string_view Secret, Direction D, const Nonce &Nd,
               const Nonce &Na, uint32_t Dialler, uint32_t Acceptor,
               uint64_t ProgramHash, const unsigned char *Got, uint8_t Tls = 0);

/// The TLS pre-shared key of the connection these nonces greeted:
/// HKDF-SHA256 with the secret as the key, Nd || Na as the salt and
/// "aspen-tls-psk" || dialler || acceptor || hash as the info. The TLS
/// session is thereby bound to this greeting: a greeting seen on one
/// connection authenticates no TLS session but the one that follows it
/// there, and only a holder of the secret can complete that one.
TlsKey tlsKey(std::string_view Secret, const Nonce &Nd, const Nonce &Na,
              uint32_t Dialler, uint32_t Acceptor, uint64_t ProgramHash);
/// Fresh random bytes from OpenSSL's generator; false if it has none.
bool randomNonce(Nonce &N);

/// This node, as the handshake sees it.
struct Identity {
  std::string_view Secret; // SecretSize bytes
  uint32_t Self = 0;
  uint32_t Nodes = 0;
  uint64_t ProgramHash = 0;
  bool Tls = false; // ASPEN_NET_TLS
};

/// The accepting side, fed the bytes a connection brings. It reads at most
/// want() bytes at a time into a buffer of its own (no allocation, whatever
/// arrives), answers step 1 with reply() and accepts only a dialler that
/// proves it holds the secret for this connection's nonces.
class AcceptorHandshake {
public:
  enum class State { WantMagic, WantDial, WantProof, Accepted, Refused };

  /// Na must be fresh for every connection.
  AcceptorHandshake(const Identity &Me, const Nonce &Na);

  State state() const { return St; }
  /// The bytes to read next (0 once accepted or refused).
  size_t want() const;
  /// Where those bytes go, for a read straight into the handshake.
  unsigned char *space() { return Buf.data() + Have; }
  /// Takes N bytes (at most want()) written to space().
  void received(size_t N);
  /// Copies in and takes up to want() bytes; returns how many it took.
  size_t feed(const unsigned char *Data, size_t Len);

  /// Step 2, to send once the state is WantProof.
  const std::array<unsigned char, AcceptSize> &reply() const { return Reply; }
  /// The dialler's index (as claimed until accepted).
  uint32_t peer() const { return Peer; }
  /// Why the dialler was refused.
  const char *why() const { return Why; }
  /// Whether the dialler has TLS on (as claimed until accepted; once
  /// accepted, it proved it).
  bool peerTls() const { return PeerTls; }
  /// The connection's TLS key, once accepted.
  TlsKey tlsKey() const;

private:
  uint8_t tlsBits() const {
    return uint8_t((PeerTls ? 1 : 0) | (Me.Tls ? 2 : 0));
  }
  void refuse(const char *W) {
    St = State::Refused;
    Why = W;
  }

  Identity Me;
  Nonce Na;
  Nonce Nd{};
  State St = State::WantMagic;
  uint32_t Peer = 0;
  bool PeerTls = false;
  const char *Why = "";
  char WhyBuf[32] = {};
  std::array<unsigned char, DialSize> Buf{}; // the largest message read
  size_t Have = 0;
  std::array<unsigned char, AcceptSize> Reply{};
};

/// The dialling side: sends hello(), checks the acceptor's answer and, only
/// if the acceptor proved it holds the secret, sends proof().
class DiallerHandshake {
public:
  /// Nd must be fresh for every connection.
  DiallerHandshake(const Identity &Me, uint32_t Acceptor, const Nonce &Nd);

  /// Step 1.
  const std::array<unsigned char, DialSize> &hello() const { return Hello; }

  enum class Verdict {
    Ok,          // proof() is step 3
    NotAspen,    // not an aspen node's answer
    AnotherNode, // an aspen node, but not the one dialled (answeredAs())
    FailedAuth,  // it does not hold this job's secret (or a replay)
    TlsMismatch, // it proved the secret, but its TLS setting differs;
                 // proof() is step 3, so that it learns the same
  };
  /// Checks step 2 (AcceptSize bytes).
  Verdict check(const unsigned char *Answer);
  /// The index the acceptor claimed.
  uint32_t answeredAs() const { return AnsweredAs; }
  /// Step 3, once check() said Ok.
  const Mac &proof() const { return Proof; }
  /// The connection's TLS key, once check() said Ok.
  TlsKey tlsKey() const;

private:
  Identity Me;
  uint32_t Acceptor;
  Nonce Nd;
  uint32_t AnsweredAs = 0;
  Nonce Na{};
  std::array<unsigned char, DialSize> Hello{};
  Mac Proof{};
};

} // namespace aspen::rt::transport::handshake

#endif
