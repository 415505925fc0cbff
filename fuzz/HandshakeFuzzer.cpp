//===- HandshakeFuzzer.cpp - libFuzzer target for the nodes' greeting -----===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Any bytes a stranger sends an accepting node must end in a refusal (or a
// wait for more): never an acceptance, a read past the handshake's fixed
// buffer, or a crash. The first byte chooses the sizes of the reads and
// whether a well-formed step 1 (right magic, program hash and index) comes
// first, so the rest reaches the proof; the rest is also handed to a
// dialler as an acceptor's answer, which it must never take for a proof.
//
//===----------------------------------------------------------------------===//

#include "net/Handshake.h"
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

using namespace aspen::rt::transport::handshake;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  static const std::string Secret(16, '\x5a');
  Identity Me;
  Me.Secret = Secret;
  Me.Self = 0;
  Me.Nodes = 3;
  Me.ProgramHash = 0x1122334455667788ull;
  Nonce Na{}, Nd{};
  Na.fill(0x42);
  Nd.fill(0x24);
  unsigned Mode = Data[0];
  ++Data, --Size;
  std::vector<unsigned char> In;
  if (Mode & 1) {
    Identity Dialler = Me;
    Dialler.Self = 1 + (Mode >> 1) % 2;
    DiallerHandshake D(Dialler, 0, Nd);
    In.assign(D.hello().begin(), D.hello().end());
  }
  In.insert(In.end(), Data, Data + Size);
  AcceptorHandshake A(Me, Na);
  size_t Piece = 1 + (Mode >> 2) % 64, Took = 0;
  for (size_t At = 0; At < In.size(); At += Piece) {
    if (A.want() > DialSize)
      std::abort();
    Took += A.feed(In.data() + At, std::min(Piece, In.size() - At));
  }
  if (Took > DialSize + ProofSize ||
      A.state() == AcceptorHandshake::State::Accepted)
    std::abort();
  if (Size >= AcceptSize) {
    Identity Dialler = Me;
    Dialler.Self = 1;
    DiallerHandshake D(Dialler, 0, Nd);
    if (D.check(Data) == DiallerHandshake::Verdict::Ok)
      std::abort();
  }
  return 0;
}
