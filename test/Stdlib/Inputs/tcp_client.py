"""Starts a server program that listens on port 0, reads the port it
prints, runs a scripted exchange over several connections, and checks the
server's exit status.

usage: tcp_client.py PROGRAM SCRIPT
SCRIPT names a function below."""
import re
import socket
import subprocess
import sys
import time


def start(program):
    p = subprocess.Popen([program], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = re.search(r"listening on port (\d+)", line)
    if not m:
        p.kill()
        sys.exit("no port announced: %r" % line)
    return p, int(m.group(1))


def recv_until(s, n):
    data = b""
    while len(data) < n:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def lines(port):
    # Two connections at once, interleaved; each line answered in order.
    a = socket.create_connection(("127.0.0.1", port))
    b = socket.create_connection(("127.0.0.1", port))
    a.sendall(b"hello\nwor")
    b.sendall(b"one\r\ntwo\n")
    time.sleep(0.05)
    a.sendall(b"ld\n")
    print("a:", recv_until(a, len("HELLO\nWORLD\n")).decode().split())
    print("b:", recv_until(b, len("ONE\nTWO\n")).decode().split())
    a.close()
    b.close()


def http(port):
    # Keep-alive: three requests on one connection, then one that closes.
    s = socket.create_connection(("127.0.0.1", port))
    for path in ["/a", "/b", "/c"]:
        s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % path).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += s.recv(1)
        n = int(re.search(rb"Content-Length: (\d+)", head).group(1))
        print("reply:", recv_until(s, n).decode())
    s.sendall(b"GET /bye HTTP/1.1\r\nConnection: close\r\n\r\n")
    rest = b""
    while True:
        c = s.recv(4096)
        if not c:
            break
        rest += c
    print("last:", rest.split(b"\r\n\r\n", 1)[1].decode())
    s.close()


def main():
    program, script = sys.argv[1], sys.argv[2]
    p, port = start(program)
    try:
        globals()[script](port)
        out, err = p.communicate(timeout=20)
    except Exception:
        p.kill()
        raise
    sys.stdout.write(out)
    sys.stdout.write(err)
    print("exit", p.returncode)


main()
