#!/usr/bin/env python3
"""Looks at what crosses the wire between two nodes, for test/Dist.

  tls_wire.py relay EXE HOST0 PORT0 HOST1 PORT1 SECRET TLS NEEDLE
      Runs EXE as node 0 (HOST0:PORT0) and node 1 (HOST1:PORT1) with SECRET
      and ASPEN_NET_TLS=TLS; node 1 reaches node 0 through a relay here
      (HOST0:PORT0+2) that forwards every byte both ways and keeps a copy.
      Prints the nodes' output, how many bytes crossed, and whether NEEDLE
      (a string the program sends from node 0 to node 1) was among them.
      Returns the first non-zero status. With a ninth argument `tamper`,
      the relay flips one bit of the 4000th byte node 0 sends, and returns
      0 if a node failed (the status of a job that did not notice).
  tls_wire.py mixed EXE HOST0 PORT0 HOST1 PORT1 SECRET TLS0 TLS1
      Runs EXE as node 0 with ASPEN_NET_TLS=TLS0 and node 1 with TLS1 (and a
      connect timeout of 20 s); prints both nodes' errors, their statuses
      and whether both ended within 5 s. Returns 0 if both failed.
"""
import os
import socket
import subprocess
import sys
import threading
import time


def start(exe, node, peers, secret, tls, extra=None):
    env = dict(os.environ, ASPEN_JOB_SECRET=secret, ASPEN_NODE=str(node),
               ASPEN_PEERS=peers, ASPEN_NET_TLS=str(tls))
    env.pop("ASPEN_LISTEN_FD", None)
    env.update(extra or {})
    return subprocess.Popen([exe], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def relay(exe, host0, port0, host1, port1, secret, tls, needle, tamper=""):
    relay_port = int(port0) + 2
    rs = socket.socket()
    rs.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    rs.bind((host0, relay_port))
    rs.listen(4)
    seen = {"bytes": 0}
    wire = []
    lock = threading.Lock()

    def pump(src, dst, flip):
        at = 0
        try:
            while True:
                data = src.recv(1 << 16)
                if not data:
                    break
                if flip and at <= 4000 < at + len(data):
                    data = bytearray(data)
                    data[4000 - at] ^= 0x10
                    data = bytes(data)
                at += len(data)
                with lock:
                    wire.append(data)
                    seen["bytes"] += len(data)
                dst.sendall(data)
        except OSError:
            pass
        try:
            dst.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    def serve():
        while True:
            try:
                c, _ = rs.accept()
            except OSError:
                return
            try:
                u = socket.create_connection((host0, int(port0)))
            except OSError:
                # Node 0 is not listening yet: node 1 dials again.
                c.close()
                continue
            threading.Thread(target=pump, args=(c, u, False), daemon=True).start()
            threading.Thread(target=pump, args=(u, c, tamper == "tamper"),
                             daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    node0 = start(exe, 0, f"{host0}:{port0},{host1}:{port1}", secret, tls)
    node1 = start(exe, 1, f"{host0}:{relay_port},{host1}:{port1}", secret,
                  tls)
    out0, err0 = node0.communicate(timeout=60)
    out1, err1 = node1.communicate(timeout=60)
    rs.close()
    sys.stdout.write(out0.decode() + out1.decode())
    sys.stderr.write(err0.decode() + err1.decode())
    with lock:
        data = b"".join(wire)
        # Each direction's chunks were kept as they came: the needle is
        # looked for in both directions' streams, and across chunks.
        found = needle.encode() in data
        print(f"relay: {seen['bytes']} bytes crossed, over 100000: "
              f"{'yes' if seen['bytes'] > 100000 else 'no'}")
        print(f"relay: needle on the wire: {'yes' if found else 'no'}")
    if tamper == "tamper":
        print(f"relay: statuses {node0.returncode} {node1.returncode}")
        return 0 if node0.returncode or node1.returncode else 1
    return node0.returncode or node1.returncode


def mixed(exe, host0, port0, host1, port1, secret, tls0, tls1):
    peers = f"{host0}:{port0},{host1}:{port1}"
    extra = {"ASPEN_CONNECT_TIMEOUT": "20"}
    t0 = time.monotonic()
    node0 = start(exe, 0, peers, secret, tls0, extra)
    node1 = start(exe, 1, peers, secret, tls1, extra)
    out0, err0 = node0.communicate(timeout=60)
    out1, err1 = node1.communicate(timeout=60)
    took = time.monotonic() - t0
    sys.stderr.write(err0.decode() + err1.decode())
    print(f"mixed: statuses {node0.returncode} {node1.returncode}")
    print(f"mixed: both ended within 5 s: {'yes' if took < 5 else 'no'}")
    return 0 if node0.returncode and node1.returncode else 1


def main():
    kind = sys.argv[1]
    if kind == "relay":
        return relay(*sys.argv[2:11])
    if kind == "mixed":
        return mixed(*sys.argv[2:10])
    print(f"tls_wire.py: unknown kind {kind}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
