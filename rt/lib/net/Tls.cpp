//===- Tls.cpp - The transport: TLS between nodes -------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ASPEN_NET_TLS=1: after the greeting (Connect.cpp), which stays what
// authenticates the nodes, a connection carries TLS 1.3 with an external
// pre-shared key and nothing else: no certificates, one cipher suite
// (TLS_AES_128_GCM_SHA256, whose hash is the key's), an (EC)DHE exchange
// with the key (psk_dhe_ke: the session keys are fresh for every
// connection, and a secret that leaks later does not open recorded
// traffic), no session tickets.
//
// Why TLS 1.3 with an external PSK (SSL_set_psk_use_session_callback and
// SSL_set_psk_find_session_callback) rather than TLS 1.2's PSK cipher
// suites: Debian 12's OpenSSL 3.0 supports both, but the TLS 1.2 PSK
// suites without (EC)DHE have no forward secrecy, the ECDHE_PSK ones are
// CBC-only in OpenSSL (no GCM), and TLS 1.3 needs one round trip less.
//
// The key is derived per connection from the job secret and the greeting's
// two nonces (handshake::tlsKey), which binds the TLS session to the
// greeting it follows: a man in the middle that relays a greeting between
// two nodes cannot complete the TLS handshake of either side without the
// secret, and a greeting recorded on one connection keys no other.
//
// OpenSSL works on the socket through a BIO of ours (non-blocking send
// with MSG_NOSIGNAL, recv): a peer gone cannot raise SIGPIPE, and the
// socket's own blocking mode does not matter. Writes are one SSL_write per
// piece of the batch in flight (a run of small frames in the batch's
// buffer, or an array's own elements): OpenSSL encrypts each straight from
// there into its record buffer and sends it; reads decrypt into the frame
// decoder's buffer. Nothing is copied beyond what OpenSSL does itself.
//
//===----------------------------------------------------------------------===//

#include "net/TransportImpl.h"
#include <boost/asio/ssl/error.hpp>
#include <cerrno>
#include <cstring>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <sys/socket.h>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::rt::transport;

namespace hs = aspen::rt::transport::handshake;

namespace {

constexpr unsigned char PskIdentity[] = "aspen";
/// TLS_AES_128_GCM_SHA256.
constexpr unsigned char Suite[2] = {0x13, 0x01};

//===----------------------------------------------------------------------===//
// The socket BIO
//===----------------------------------------------------------------------===//

/// What the BIO knows of its socket.
struct SockState {
  int Fd;
  bool Eof = false; // recv found the end (BIO_eof, which OpenSSL asks)
};

SockState &sockOf(BIO *B) { return *static_cast<SockState *>(BIO_get_data(B)); }
int fdOf(BIO *B) { return sockOf(B).Fd; }

int bioWrite(BIO *B, const char *Data, size_t Len, size_t *Done) {
  BIO_clear_retry_flags(B);
  ssize_t N;
  do
    N = ::send(fdOf(B), Data, Len, MSG_DONTWAIT | MSG_NOSIGNAL);
  while (N < 0 && errno == EINTR);
  if (N < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      BIO_set_retry_write(B);
    return 0;
  }
  *Done = size_t(N);
  return 1;
}

int bioRead(BIO *B, char *Data, size_t Len, size_t *Done) {
  BIO_clear_retry_flags(B);
  ssize_t N;
  do
    N = ::recv(fdOf(B), Data, Len, MSG_DONTWAIT);
  while (N < 0 && errno == EINTR);
  if (N < 0) {
    if (errno == EAGAIN || errno == EWOULDBLOCK)
      BIO_set_retry_read(B);
    return 0;
  }
  if (N == 0) // the end: SSL_read reports it (SSL_OP_IGNORE_UNEXPECTED_EOF)
    sockOf(B).Eof = true;
  *Done = size_t(N);
  return N > 0;
}

long bioCtrl(BIO *B, int Cmd, long, void *) {
  if (Cmd == BIO_CTRL_FLUSH)
    return 1;
  if (Cmd == BIO_CTRL_EOF)
    return BIO_get_data(B) && sockOf(B).Eof;
  return 0;
}

int bioCreate(BIO *B) {
  BIO_set_init(B, 1);
  return 1;
}

int bioDestroy(BIO *B) {
  delete static_cast<SockState *>(BIO_get_data(B));
  BIO_set_data(B, nullptr);
  return 1;
}

BIO_METHOD *socketMethod() {
  static BIO_METHOD *M = [] {
    BIO_METHOD *M = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK,
                                 "aspen socket");
    if (M) {
      BIO_meth_set_write_ex(M, bioWrite);
      BIO_meth_set_read_ex(M, bioRead);
      BIO_meth_set_ctrl(M, bioCtrl);
      BIO_meth_set_create(M, bioCreate);
      BIO_meth_set_destroy(M, bioDestroy);
    }
    return M;
  }();
  return M;
}

//===----------------------------------------------------------------------===//
// The pre-shared key
//===----------------------------------------------------------------------===//

SSL_SESSION *pskSession(SSL *Ssl) {
  auto *Key = static_cast<const hs::TlsKey *>(SSL_get_app_data(Ssl));
  const SSL_CIPHER *Cipher = SSL_CIPHER_find(Ssl, Suite);
  if (!Key || !Cipher)
    return nullptr;
  SSL_SESSION *S = SSL_SESSION_new();
  if (S && SSL_SESSION_set1_master_key(S, Key->data(), Key->size()) &&
      SSL_SESSION_set_cipher(S, Cipher) &&
      SSL_SESSION_set_protocol_version(S, TLS1_3_VERSION))
    return S;
  SSL_SESSION_free(S);
  return nullptr;
}

int useSession(SSL *Ssl, const EVP_MD *Md, const unsigned char **Id,
               size_t *IdLen, SSL_SESSION **Sess) {
  const SSL_CIPHER *Cipher = SSL_CIPHER_find(Ssl, Suite);
  if (Md && Cipher && Md != SSL_CIPHER_get_handshake_digest(Cipher)) {
    *Sess = nullptr; // (after a HelloRetryRequest for another hash)
    return 1;
  }
  *Sess = pskSession(Ssl);
  *Id = PskIdentity;
  *IdLen = sizeof PskIdentity - 1;
  return *Sess ? 1 : 0;
}

int findSession(SSL *Ssl, const unsigned char *Id, size_t IdLen,
                SSL_SESSION **Sess) {
  if (IdLen != sizeof PskIdentity - 1 ||
      std::memcmp(Id, PskIdentity, IdLen) != 0) {
    *Sess = nullptr; // an unknown identity: the handshake fails
    return 1;
  }
  *Sess = pskSession(Ssl);
  return *Sess ? 1 : 0;
}

} // namespace

//===----------------------------------------------------------------------===//
// Set-up and handshake
//===----------------------------------------------------------------------===//

bool Transport::Impl::tlsInit() {
  try {
    TlsCtx = std::make_unique<asio::ssl::context>(asio::ssl::context::tls);
  } catch (std::exception &X) {
    std::fprintf(stderr, "aspen: error: node '%s': no TLS context: %s\n",
                 Self.c_str(), X.what());
    return false;
  }
  SSL_CTX *Ctx = TlsCtx->native_handle();
  SSL_CTX_set_min_proto_version(Ctx, TLS1_3_VERSION);
  SSL_CTX_set_max_proto_version(Ctx, TLS1_3_VERSION);
  SSL_CTX_set_options(Ctx, SSL_OP_NO_TICKET | SSL_OP_IGNORE_UNEXPECTED_EOF);
  SSL_CTX_set_num_tickets(Ctx, 0);
  SSL_CTX_set_session_cache_mode(Ctx, SSL_SESS_CACHE_OFF);
  // A write returns once a record is out (SSL_ENABLE_PARTIAL_WRITE), so a
  // full socket leaves the rest of a piece in place for the next try.
  SSL_CTX_set_mode(Ctx, SSL_MODE_ENABLE_PARTIAL_WRITE |
                            SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
  // Reads take whatever the socket holds, up to 64 KiB, in one call
  // rather than a record header and then its body.
  SSL_CTX_set_read_ahead(Ctx, 1);
  SSL_CTX_set_default_read_buffer_len(Ctx, 64 << 10);
  SSL_CTX_set_psk_use_session_callback(Ctx, useSession);
  SSL_CTX_set_psk_find_session_callback(Ctx, findSession);
  if (SSL_CTX_set_ciphersuites(Ctx, "TLS_AES_128_GCM_SHA256") != 1) {
    std::fprintf(stderr,
                 "aspen: error: node '%s': OpenSSL has no "
                 "TLS_AES_128_GCM_SHA256 for ASPEN_NET_TLS\n",
                 Self.c_str());
    return false;
  }
  return true;
}

SslPtr Transport::Impl::tlsNew(tcp::socket &S, const hs::TlsKey &Key,
                               bool Server) {
  SslPtr Ssl(SSL_new(TlsCtx->native_handle()));
  BIO *B = socketMethod() ? BIO_new(socketMethod()) : nullptr;
  if (!Ssl || !B) {
    BIO_free(B);
    return nullptr;
  }
  BIO_set_data(B, new SockState{S.native_handle()});
  SSL_set_bio(Ssl.get(), B, B);
  SSL_set_app_data(Ssl.get(), const_cast<hs::TlsKey *>(&Key));
  if (Server)
    SSL_set_accept_state(Ssl.get());
  else
    SSL_set_connect_state(Ssl.get());
  return Ssl;
}

std::string Transport::Impl::tlsError(SSL *Ssl, int R) {
  int E = SSL_get_error(Ssl, R);
  unsigned long Code = ERR_get_error();
  ERR_clear_error();
  if (E == SSL_ERROR_SYSCALL && !Code)
    return errno ? std::strerror(errno) : "the connection was closed";
  if (E == SSL_ERROR_ZERO_RETURN)
    return "the connection was closed";
  if (!Code)
    return "TLS error " + std::to_string(E);
  return error_code(int(Code), asio::error::get_ssl_category()).message();
}

void Transport::Impl::tlsHandshake(
    tcp::socket &S, SSL *Ssl, std::function<void(const std::string &)> Done) {
  ERR_clear_error();
  int R = SSL_do_handshake(Ssl);
  if (R == 1) {
    SSL_set_app_data(Ssl, nullptr); // the key is done with
    return Done("");
  }
  int E = SSL_get_error(Ssl, R);
  if (E != SSL_ERROR_WANT_READ && E != SSL_ERROR_WANT_WRITE)
    return Done(tlsError(Ssl, R));
  S.async_wait(E == SSL_ERROR_WANT_READ ? tcp::socket::wait_read
                                        : tcp::socket::wait_write,
               [this, &S, Ssl, Done = std::move(Done)](error_code Ec) {
                 if (Ec)
                   return Done(Ec.message());
                 tlsHandshake(S, Ssl, std::move(Done));
               });
}

std::string Transport::Impl::tlsMismatch(uint32_t Node, bool PeerTls) const {
  return "node " + nodeName(Node) +
         " has ASPEN_NET_TLS=" + (PeerTls ? "1" : "0") +
         " and this node ASPEN_NET_TLS=" + (C.Tls ? "1" : "0") +
         ": every node of a job must encrypt its traffic or none";
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

ssize_t Transport::Impl::tlsRecv(Peer &P, char *To, size_t Room) {
  // What an earlier call found after the bytes it returned.
  if (P.TlsEof)
    return 0;
  if (!P.TlsError.empty()) {
    errno = EPROTO;
    return -1;
  }
  // SSL_read gives one record (at most 16 KiB) a call: as many as OpenSSL
  // holds (it reads up to 64 KiB of records from the socket at once), up
  // to Room, go to the decoder at once, not one per turn of the reactor.
  size_t Got = 0;
  while (Got < Room) {
    size_t N = 0;
    ERR_clear_error();
    int R = SSL_read_ex(P.Tls.get(), To + Got, Room - Got, &N);
    if (R == 1) {
      Got += N;
      // Another call only for what OpenSSL already holds: a receive that
      // would find nothing costs a ping-pong a system call a message.
      if (!SSL_has_pending(P.Tls.get()))
        break;
      continue;
    }
    int E = SSL_get_error(P.Tls.get(), R);
    if (E == SSL_ERROR_WANT_READ || E == SSL_ERROR_WANT_WRITE) {
      P.TlsWant = E;
      break;
    }
    if (E == SSL_ERROR_ZERO_RETURN) {
      ERR_clear_error();
      P.TlsEof = true;
    } else {
      P.TlsError = tlsError(P.Tls.get(), R);
    }
    break;
  }
  if (Got) {
    P.TlsWant = 0;
    return ssize_t(Got);
  }
  if (P.TlsEof)
    return 0;
  errno = P.TlsError.empty() ? EAGAIN : EPROTO;
  return -1;
}

void Transport::Impl::tlsRead(Peer &P) {
  // Records OpenSSL already holds are read first: the socket may have
  // nothing more to wake a wait. So are the end, or an error, that a
  // direct read (readDirect) found: the socket may not wake a wait again.
  if (P.TlsEof || !P.TlsError.empty() || SSL_has_pending(P.Tls.get())) {
    asio::post(Io, [this, &P] { tlsReadNow(P); });
    return;
  }
  P.Sock.async_wait(P.TlsWant == SSL_ERROR_WANT_WRITE ? tcp::socket::wait_write
                                                      : tcp::socket::wait_read,
                    [this, &P](error_code Ec) {
                      if (Ec)
                        return readError(P, Ec);
                      tlsReadNow(P);
                    });
}

void Transport::Impl::tlsReadNow(Peer &P) {
  if (P.Closed || P.Decoder->dead())
    return;
  if (P.TlsEof)
    return readError(P, asio::error::eof);
  if (!P.TlsError.empty())
    return lost(P, "TLS: " + P.TlsError);
  ssize_t N = tlsRecv(P, P.Decoder->readTarget(), P.Decoder->readRoom());
  if (N > 0) {
    received(P, size_t(N));
    return rearm(P);
  }
  if (N == 0)
    return readError(P, asio::error::eof);
  if (errno == EAGAIN) {
    P.Sock.async_wait(P.TlsWant == SSL_ERROR_WANT_WRITE
                          ? tcp::socket::wait_write
                          : tcp::socket::wait_read,
                      [this, &P](error_code Ec) {
                        if (Ec)
                          return readError(P, Ec);
                        tlsReadNow(P);
                      });
    return;
  }
  lost(P, "TLS: " + P.TlsError);
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

void Transport::Impl::tlsSendFlight(Peer &P) {
  SSL *Ssl = P.Tls.get();
  while (P.IovAt < P.Iov.size()) {
    iovec &V = P.Iov[P.IovAt];
    if (V.iov_len == 0) {
      ++P.IovAt;
      continue;
    }
    size_t N = 0;
    ERR_clear_error();
    int R = SSL_write_ex(Ssl, V.iov_base, V.iov_len, &N);
    if (R == 1) {
      V.iov_base = static_cast<char *>(V.iov_base) + N;
      V.iov_len -= N;
      continue;
    }
    int E = SSL_get_error(Ssl, R);
    if (E == SSL_ERROR_WANT_WRITE || E == SSL_ERROR_WANT_READ) {
      // Full: the same piece again once there is room.
      P.Sock.async_wait(E == SSL_ERROR_WANT_WRITE ? tcp::socket::wait_write
                                                  : tcp::socket::wait_read,
                        [this, &P](error_code Ec) {
                          if (Ec)
                            return flightDone(P, Ec.message());
                          tlsSendFlight(P);
                        });
      return;
    }
    return flightDone(P, "TLS: " + tlsError(Ssl, R));
  }
  flightDone(P, "");
}
