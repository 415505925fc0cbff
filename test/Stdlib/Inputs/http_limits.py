"""Attacks a TcpListen "http" server (http-limits.asp) the way a hostile
client would, one case per connection, and prints what each got. The
server is started with small limits (see the RUN line) and answers every
request it passes on with a 10-byte body.

usage: http_limits.py PROGRAM"""
import os
import re
import resource
import socket
import subprocess
import sys
import threading
import time


def start(program, env, files=None):
    e = dict(os.environ)
    e.update(env)
    limit = None
    if files:
        def limit():
            resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
    p = subprocess.Popen([program], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=e, preexec_fn=limit)
    line = p.stderr.readline()
    m = re.search(r"listening on port (\d+)", line)
    if not m:
        p.kill()
        sys.exit("no port announced: %r" % line)
    return p, int(m.group(1))


def connect(port):
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(20)
    return s


def status_and_close(s):
    """The status line of the reply, and whether the server then closed."""
    data = b""
    try:
        while True:
            c = s.recv(65536)
            if not c:
                break
            data += c
    except socket.timeout:
        return "timed out", False
    first = data.split(b"\r\n")[0].decode(errors="replace")
    return first, True


def case(name, port, request):
    s = connect(port)
    s.sendall(request)
    first, closed = status_and_close(s)
    print(f"{name}: {first} closed={closed}")
    s.close()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    program = sys.argv[1]
    p, port = start(program, {"ASPEN_HTTP_HEADER_BYTES": "1024",
                              "ASPEN_HTTP_BODY_BYTES": "100",
                              "ASPEN_HTTP_HEADER_TIMEOUT": "1",
                              "ASPEN_HTTP_IDLE_TIMEOUT": "1",
                              "ASPEN_TCP_PENDING_BYTES": "4096"})
    try:
        case("negative length", port, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n")
        case("two lengths", port,
             b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\ncontent-length: 2\r\n\r\nab")
        case("body too large", port, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n")
        case("chunked", port,
             b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        case("head too large", port,
             b"GET / HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 2000 + b"\r\n\r\n")
        case("request line too long", port, b"GET /" + b"a" * 2000 + b" HTTP/1.1\r\n")
        # The same lengths twice are one length.
        case("same length twice", port,
             b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n"
             b"Connection: close\r\n\r\nab")

        # A request begun and never finished, and a connection left idle
        # after its answer: each closed after about a second.
        for name, first in (("unfinished head", b"GET / HTTP/1.1\r\nHo"),
                            ("idle after an answer",
                             b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")):
            s = connect(port)
            t0 = time.monotonic()
            s.sendall(first)
            first_line, closed = status_and_close(s)
            took = time.monotonic() - t0
            print(f"{name}: {first_line or 'nothing'} closed={closed} "
                  f"within 0.5-10 s={0.5 <= took <= 10}")
            s.close()

        # A client that reads none of its replies for longer than the
        # timeout is cut off.
        # (A small receive buffer, so the replies back up soon.)
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", port))
        s.setblocking(False)
        req = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"
        deadline, cut = time.monotonic() + 40, False
        while time.monotonic() < deadline and not cut:
            try:
                s.send(req * 64)
            except BlockingIOError:
                time.sleep(0.05)
            except (BrokenPipeError, ConnectionResetError):
                cut = True
        print(f"client that never reads: cut off={cut}")
        s.close()
    finally:
        p.kill()
        p.wait()

    # Pipelining without reading, timeouts long: the server stops reading
    # requests once 4 KiB of replies wait, so its memory stays flat however
    # long the client sends; when the client reads, every reply comes.
    p, port = start(program, {"ASPEN_TCP_PENDING_BYTES": "4096"})
    try:
        s = connect(port)
        s.setblocking(False)
        sent, before = 0, rss_kib(p.pid)
        batch = req * 64
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            try:
                sent += s.send(batch[sent % len(batch):])
            except BlockingIOError:
                time.sleep(0.01)
        grew = rss_kib(p.pid) - before
        print(f"non-reading client: server grew "
              f"{'under' if grew < 32 * 1024 else 'over'} 32 MiB in 3 s")
        # Now read, and finish the batch begun (the server reads again as
        # the replies are read).
        s.setblocking(True)
        s.settimeout(30)
        got = []

        def drain():
            data = b""
            while True:
                c = s.recv(1 << 16)
                if not c:
                    break
                data += c
            got.append(data)

        reader = threading.Thread(target=drain)
        reader.start()
        # Only the rest of a batch begun: at a batch boundary there is
        # nothing to finish (sending a whole batch there went uncounted).
        rest = (len(batch) - sent % len(batch)) % len(batch)
        s.sendall(batch[len(batch) - rest:])
        sent += rest
        s.shutdown(socket.SHUT_WR)
        reader.join()
        replies = got[0].count(b"HTTP/1.1 200 OK\r\n") if got else 0
        print(f"non-reading client then reads: every request answered="
              f"{replies == sent // len(req)} ({'over' if sent > 1 << 20 else 'under'} 1 MiB sent)")
        s.close()
    finally:
        p.kill()
        p.wait()

    # Out of descriptors: connections beyond the limit wait in the
    # kernel's backlog, and the server waits too instead of retrying
    # accept in a loop (before: 93 % of a core). When some close, the
    # waiting ones are served.
    p, port = start(program, {}, files=64)
    try:
        socks = [socket.create_connection(("127.0.0.1", port)) for _ in range(80)]
        time.sleep(0.5)
        before = cpu_seconds(p.pid)
        time.sleep(2)
        busy = (cpu_seconds(p.pid) - before) / 2
        print(f"out of descriptors: server busy {'under' if busy < 0.5 else 'over'} 50 %")
        for x in socks[:40]:
            x.close()
        last = socks[-1]
        last.settimeout(20)
        last.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        first, closed = status_and_close(last)
        print(f"out of descriptors, then some close: the last waiting gets {first}")
        for x in socks[40:]:
            x.close()
    finally:
        p.kill()
        p.wait()


if __name__ == "__main__":
    main()
