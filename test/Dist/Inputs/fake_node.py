#!/usr/bin/env python3
"""Plays a misbehaving party next to a real aspen job, for test/Dist.

The greeting (rt/lib/net/Connect.cpp): the dialler sends magic, its node
index, the program hash and a nonce Nd; the acceptor answers magic, its
index, a nonce Na and MACa = HMAC-SHA256(secret, "aspen-accept" || Nd || Na
|| dialler || acceptor || hash); the dialler checks it and sends MACd =
HMAC-SHA256(secret, "aspen-dial" || Na || Nd || dialler || acceptor ||
hash). The secret never crosses the wire.

  fake_node.py stranger EXE HOST PORT
      Runs EXE (a launcher whose node 0 listens on HOST:PORT), connects to
      node 0 as a stranger four times (garbage, then three times a node of
      the same program with a wrong secret, as a node of another job
      retrying: each must be dropped after its proof), and returns EXE's
      status once it ends.
  fake_node.py flood EXE HOST PORT
      Runs EXE and, while it runs, connects to node 0 with garbage from 40
      different addresses (127.0.2.1 to 127.0.2.40); returns EXE's status.
  fake_node.py peer KIND EXE HOST PORT SECRET
      Listens on HOST:PORT as node 0, runs EXE as node 1 with SECRET,
      answers its greeting like a real node (checking its proof) and then
      sends a bad frame: KIND is `channel` (a frame for a channel that does
      not exist), `length` (a frame longer than any limit), `truncated`
      (half a frame, then the connection closes) or `reset` (the connection
      is reset: an abortive close, as when a host goes away). Returns EXE's
      status.
  fake_node.py impostor EXE HOST PORT SECRET
      Listens on HOST:PORT as node 0 without the secret, runs EXE as node 1
      with SECRET (and a connect timeout of 2 s), and answers each of its
      greetings with a wrong MACa; records all that every connection
      brings until it closes, and prints whether that was only step 1
      (magic, index 1, the program hash, a nonce: nothing that depends on
      the secret). Returns EXE's status.
  fake_node.py replay EXE HOST0 PORT0 HOST1 PORT1 SECRET
      Runs EXE as node 0 (HOST0:PORT0) and node 1 (HOST1:PORT1) with SECRET;
      node 1 reaches node 0 through a relay here (HOST0:PORT0+2) that
      records their greeting. While the job runs, connects to node 0 from
      127.0.3.1 to 127.0.3.4: (1) replays the recorded step 1 and step 3,
      (2) sends back node 0's own MACa as the proof, (3) sends a proof made
      with the right secret for the recorded connection's nonce, not this
      one's, and (4) sends a right proof (node 0 accepts it, and drops it
      only as node 1 is already there). Prints node 0's and node 1's
      output; returns the first non-zero status.
"""
import hashlib
import hmac
import os
import socket
import struct
import subprocess
import sys
import threading
import time

MAGIC = b"ASPENv2\0"
DIAL_SIZE = 8 + 4 + 8 + 32
ACCEPT_SIZE = 8 + 4 + 32 + 32
PROOF_SIZE = 32


def mac(secret, label, first, second, dialler, acceptor, program_hash):
    msg = label + first + second + struct.pack("<II", dialler, acceptor) + program_hash
    return hmac.new(secret, msg, hashlib.sha256).digest()


def mac_accept(secret, nd, na, dialler, acceptor, program_hash):
    return mac(secret, b"aspen-accept", nd, na, dialler, acceptor, program_hash)


def mac_dial(secret, nd, na, dialler, acceptor, program_hash):
    return mac(secret, b"aspen-dial", na, nd, dialler, acceptor, program_hash)


def recv_exact(s, n):
    data = b""
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            break
        data += chunk
    return data


def recv_all(s, timeout=10):
    """All the socket brings until it closes (or stays quiet for timeout s)."""
    s.settimeout(timeout)
    data = b""
    try:
        while True:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    return data


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def program_hash(exe):
    """The program hash EXE's nodes send in step 1: learnt by running EXE
    as node 1 against a listener here, which reads its step 1."""
    ls = socket.socket()
    ls.bind(("127.0.0.1", 0))
    ls.listen(1)
    peers = f"127.0.0.1:{ls.getsockname()[1]},127.0.0.1:{free_port()}"
    env = dict(os.environ, ASPEN_NODE="1", ASPEN_JOB_SECRET=os.urandom(16).hex(),
               ASPEN_PEERS=peers, ASPEN_CONNECT_TIMEOUT="5")
    env.pop("ASPEN_LISTEN_FD", None)
    proc = subprocess.Popen([exe], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    ls.settimeout(30)
    c, _ = ls.accept()
    hello = recv_exact(c, DIAL_SIZE)
    c.close()
    ls.close()
    proc.kill()
    proc.wait()
    assert hello[:8] == MAGIC, hello
    return hello[12:20]


def connect(host, port, deadline):
    while True:
        try:
            return socket.create_connection((host, port), timeout=5)
        except OSError:
            if time.time() > deadline:
                raise
            time.sleep(0.02)


# The jobs of the stranger tests keep running until this file exists
# (FAKE_NODE_DONE: their module A waits for it), made once every knock is
# done: a fixed sleep was sometimes over before the knocks on a loaded
# machine.
DONE = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"fake_node-{os.getpid()}.done")
os.environ["FAKE_NODE_DONE"] = DONE


def knocked():
    open(DONE, "w").close()


def finish(proc):
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        print("fake_node: the job hung", file=sys.stderr)
    sys.stdout.write(out.decode())
    sys.stderr.write(err.decode())
    if os.path.exists(DONE):
        os.remove(DONE)
    return proc.returncode


def stranger(exe, host, port):
    phash = program_hash(exe)
    proc = subprocess.Popen([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    s = connect(host, int(port), time.time() + 20)
    s.sendall(b"GET / HTTP/1.0\r\n\r\n" + os.urandom(64))
    s.close()
    # A node of another job retries: one warning, not one per retry. Each
    # time it gets as far as the proof, and is dropped there.
    wrong = b"\x11" * 16
    for _ in range(3):
        s = connect(host, int(port), time.time() + 20)
        nd = os.urandom(32)
        s.sendall(MAGIC + struct.pack("<I", 1) + phash + nd)
        answer = recv_exact(s, ACCEPT_SIZE)
        if len(answer) != ACCEPT_SIZE or answer[:8] != MAGIC:
            print("fake_node: no step 2 from node 0", file=sys.stderr)
        na = answer[12:44]
        s.sendall(mac_dial(wrong, nd, na, 1, 0, phash))
        rest = recv_all(s, timeout=10)
        if rest:
            print(f"fake_node: node 0 sent {len(rest)} bytes to a wrong proof",
                  file=sys.stderr)
        s.close()
    knocked()
    return finish(proc)


def flood(exe, host, port):
    proc = subprocess.Popen([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    connect(host, int(port), time.time() + 20).close()  # node 0 listens
    for k in range(1, 41):
        s = socket.socket()
        s.bind((f"127.0.2.{k}", 0))
        s.settimeout(5)
        s.connect((host, int(port)))
        s.sendall(b"GET / HTTP/1.0\r\n\r\n" + os.urandom(64))
        s.close()
    knocked()
    return finish(proc)


def peer(kind, exe, host, port, secret):
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind((host, int(port)))
    ls.listen(4)
    env = dict(os.environ, ASPEN_NODE="1", ASPEN_JOB_SECRET=secret)
    proc = subprocess.Popen([exe], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    ls.settimeout(30)
    c, _ = ls.accept()
    hello = recv_exact(c, DIAL_SIZE)
    key = bytes.fromhex(secret)
    program_hash_ = hello[12:20]
    nd, na = hello[20:52], os.urandom(32)
    c.sendall(MAGIC + struct.pack("<I", 0) + na
              + mac_accept(key, nd, na, 1, 0, program_hash_))
    proof = recv_exact(c, PROOF_SIZE)
    if not hmac.compare_digest(proof, mac_dial(key, nd, na, 1, 0, program_hash_)):
        print("fake_node: node 1's proof is wrong", file=sys.stderr)
    if kind == "channel":
        c.sendall(struct.pack("<III", 4, 12345, 0) + b"\0" * 4)
    elif kind == "length":
        c.sendall(struct.pack("<III", 0x7FFFFFFF, 0, 0))
    elif kind == "truncated":
        c.sendall(struct.pack("<III", 100, 0, 0) + b"\0" * 10)
        c.close()
    elif kind == "reset":
        time.sleep(0.2)  # the job is under way
        c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        c.close()  # linger 0: RST, not FIN
    status = finish(proc)
    ls.close()
    return status


def impostor(exe, host, port, secret):
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind((host, int(port)))
    ls.listen(16)
    env = dict(os.environ, ASPEN_NODE="1", ASPEN_JOB_SECRET=secret,
               ASPEN_CONNECT_TIMEOUT="2")
    proc = subprocess.Popen([exe], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    got = []
    ls.settimeout(0.2)
    while proc.poll() is None:
        try:
            c, _ = ls.accept()
        except socket.timeout:
            continue
        hello = recv_exact(c, DIAL_SIZE)
        # Step 2 as one without the secret makes it: a MAC of guesses.
        try:
            c.sendall(MAGIC + struct.pack("<I", 0) + os.urandom(32) + os.urandom(32))
        except OSError:
            pass
        got.append(hello + recv_all(c, timeout=10))
        c.close()
    status = finish(proc)
    ls.close()
    phash = got[0][12:20] if got else b""
    only_step1 = all(
        len(g) == DIAL_SIZE and g[:8] == MAGIC and g[8:12] == struct.pack("<I", 1)
        and g[12:20] == phash for g in got)
    nonces = {g[20:52] for g in got}
    print(f"impostor: {'some' if got else 'no'} connections", file=sys.stderr)
    print(f"impostor: each brought only step 1: {'yes' if got and only_step1 else 'NO'}",
          file=sys.stderr)
    if not only_step1:
        for g in got:
            print(f"impostor: got {len(g)} bytes: {g.hex()}", file=sys.stderr)
    print(f"impostor: a fresh nonce each time: {'yes' if len(nonces) == len(got) else 'NO'}",
          file=sys.stderr)
    return status


def replay(exe, host0, port0, host1, port1, secret):
    key = bytes.fromhex(secret)
    relay_port = int(port0) + 2
    rs = socket.socket()
    rs.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    rs.bind((host0, relay_port))
    rs.listen(1)
    # The relay is a Python thread: on a loaded machine it may forward the
    # nodes' heartbeats late, which this test is not about.
    base = dict(os.environ, ASPEN_JOB_SECRET=secret, ASPEN_PEER_TIMEOUT="30")
    base.pop("ASPEN_LISTEN_FD", None)
    node0 = subprocess.Popen(
        [exe], env=dict(base, ASPEN_NODE="0",
                        ASPEN_PEERS=f"{host0}:{port0},{host1}:{port1}"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    node1 = subprocess.Popen(
        [exe], env=dict(base, ASPEN_NODE="1",
                        ASPEN_PEERS=f"{host0}:{relay_port},{host1}:{port1}"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    rs.settimeout(30)
    a, _ = rs.accept()  # node 1
    b = connect(host0, int(port0), time.time() + 20)  # node 0
    recorded = {"up": b"", "down": b""}
    enough = threading.Event()
    # Node 0 writes its start-up frames to node 1 once it has taken the
    # connection as node 1's: until then a greeting that proves the secret
    # (attack 4) could come first and be taken instead, which is the race
    # of two honest connections, not a replay.
    taken = threading.Event()

    def pump(src, dst, name):
        while True:
            try:
                chunk = src.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                try:
                    dst.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
                return
            if len(recorded[name]) < 4096:
                recorded[name] += chunk
            if len(recorded["up"]) >= DIAL_SIZE + PROOF_SIZE:
                enough.set()
            if len(recorded["down"]) > ACCEPT_SIZE:
                taken.set()
            try:
                dst.sendall(chunk)
            except OSError:
                return

    threads = [threading.Thread(target=pump, args=(a, b, "up"), daemon=True),
               threading.Thread(target=pump, args=(b, a, "down"), daemon=True)]
    for t in threads:
        t.start()
    enough.wait(30)
    hello = recorded["up"][:DIAL_SIZE]
    proof = recorded["up"][DIAL_SIZE:DIAL_SIZE + PROOF_SIZE]
    answer = recorded["down"][:ACCEPT_SIZE]
    phash, nd, na = hello[12:20], hello[20:52], answer[12:44]
    # This file's MACs are the nodes': else the attacks below prove nothing.
    ok = (hmac.compare_digest(answer[44:76], mac_accept(key, nd, na, 1, 0, phash))
          and hmac.compare_digest(proof, mac_dial(key, nd, na, 1, 0, phash)))
    print(f"replay: recorded a real greeting, MACs as computed here: {'yes' if ok else 'NO'}",
          file=sys.stderr)

    def attack(k, hello_, make_proof):
        s = socket.socket()
        s.bind((f"127.0.3.{k}", 0))
        s.settimeout(10)
        s.connect((host0, int(port0)))
        s.sendall(hello_)
        ans = recv_exact(s, ACCEPT_SIZE)
        s.sendall(make_proof(ans))
        rest = recv_all(s, timeout=10)
        s.close()
        print(f"replay: attack {k}: closed by node 0"
              + (f" after {len(rest)} bytes" if rest else ""), file=sys.stderr)

    # (1) The recorded greeting again, word for word.
    attack(1, hello, lambda ans: proof)
    # (2) Node 0's own MACa as the proof.
    nd2 = os.urandom(32)
    hello2 = MAGIC + struct.pack("<I", 1) + phash + nd2
    attack(2, hello2, lambda ans: ans[44:76])
    # (3) Made with the secret, for the recorded connection's Na.
    attack(3, hello2, lambda ans: mac_dial(key, nd2, na, 1, 0, phash))
    # (4) Right for this connection: accepted, then dropped as a duplicate
    # (of the relayed connection, once node 0 has taken it).
    taken.wait(30)
    attack(4, hello2, lambda ans: mac_dial(key, nd2, ans[12:44], 1, 0, phash))
    knocked()
    s0, s1 = finish(node0), finish(node1)
    rs.close()
    return s0 or s1


if __name__ == "__main__":
    if sys.argv[1] == "stranger":
        sys.exit(stranger(*sys.argv[2:]))
    if sys.argv[1] == "flood":
        sys.exit(flood(*sys.argv[2:]))
    if sys.argv[1] == "impostor":
        sys.exit(impostor(*sys.argv[2:]))
    if sys.argv[1] == "replay":
        sys.exit(replay(*sys.argv[2:]))
    sys.exit(peer(*sys.argv[2:]))
