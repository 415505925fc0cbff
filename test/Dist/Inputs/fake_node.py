#!/usr/bin/env python3
"""Plays a misbehaving party next to a real aspen job, for test/Dist.

  fake_node.py stranger EXE HOST PORT
      Runs EXE (a launcher whose node 0 listens on HOST:PORT), connects to
      node 0 as a stranger twice (garbage, then a greeting with a wrong
      secret), and returns EXE's status once it ends.
  fake_node.py flood EXE HOST PORT
      Runs EXE and, while it runs, connects to node 0 with garbage from 40
      different addresses (127.0.2.1 to 127.0.2.40); returns EXE's status.
  fake_node.py peer KIND EXE HOST PORT SECRET
      Listens on HOST:PORT as node 0, runs EXE as node 1 with SECRET,
      answers its greeting like a real node and then sends a bad frame:
      KIND is `channel` (a frame for a channel that does not exist),
      `length` (a frame longer than any limit), `truncated` (half a frame,
      then the connection closes) or `reset` (the connection is reset: an
      abortive close, as when a host goes away). Returns EXE's status.
"""
import os
import socket
import struct
import subprocess
import sys
import time

MAGIC = b"ASPENv1\0"


def connect(host, port, deadline):
    while True:
        try:
            return socket.create_connection((host, port), timeout=5)
        except OSError:
            if time.time() > deadline:
                raise
            time.sleep(0.02)


def finish(proc):
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        print("fake_node: the job hung", file=sys.stderr)
    sys.stdout.write(out.decode())
    sys.stderr.write(err.decode())
    return proc.returncode


def stranger(exe, host, port):
    proc = subprocess.Popen([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    s = connect(host, int(port), time.time() + 20)
    s.sendall(b"GET / HTTP/1.0\r\n\r\n" + os.urandom(64))
    s.close()
    # A node of another job retries: one warning, not one per retry.
    for _ in range(3):
        s = connect(host, int(port), time.time() + 20)
        s.sendall(MAGIC + b"\x11" * 16 + struct.pack("<IQ", 1, 0))
        try:
            s.recv(64)  # dropped: no greeting back
        except OSError:
            pass
        s.close()
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
    hello = b""
    while len(hello) < 36:
        hello += c.recv(36 - len(hello))
    program_hash = hello[28:36]
    c.sendall(MAGIC + bytes.fromhex(secret) + struct.pack("<I", 0) + program_hash)
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


if __name__ == "__main__":
    if sys.argv[1] == "stranger":
        sys.exit(stranger(*sys.argv[2:]))
    if sys.argv[1] == "flood":
        sys.exit(flood(*sys.argv[2:]))
    sys.exit(peer(*sys.argv[2:]))
