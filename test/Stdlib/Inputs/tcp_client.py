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


def read_response(s, head_only=False):
    head = b""
    while b"\r\n\r\n" not in head:
        c = s.recv(1)
        if not c:
            return None, None
        head += c
    n = int(re.search(rb"Content-Length: (\d+)", head).group(1))
    body = b"" if head_only else recv_until(s, n)
    return head.decode().split("\r\n")[0], body


def http(port):
    # One keep-alive connection: GET, HEAD, a missing file, a method the
    # server does not allow, then a request that closes the connection.
    s = socket.create_connection(("127.0.0.1", port))
    for method, path in [("GET", "/"), ("HEAD", "/1k.txt"), ("GET", "/1k.txt"),
                         ("GET", "/missing.html"), ("POST", "/"), ("GET", "/1k.txt")]:
        s.sendall(("%s %s HTTP/1.1\r\nHost: x\r\n\r\n" % (method, path)).encode())
        status, body = read_response(s, head_only=method == "HEAD")
        print(method, path, "->", status, len(body), body[:22])
    s.sendall(b"GET /1k.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    status, body = read_response(s)
    print("close ->", status, len(body), "then EOF:", s.recv(1) == b"")
    s.close()


def read_head(s):
    """A response's status line and headers (a dict), and its body."""
    head = b""
    while b"\r\n\r\n" not in head:
        c = s.recv(1)
        if not c:
            return None, {}, b""
        head += c
    lines = head.decode(errors="replace").split("\r\n")
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
    n = int(headers.get("content-length", "0"))
    return lines[0], headers, recv_until(s, n)


def nginx(port):
    # What nginx answers, asked of the web server: conditional GETs against
    # the ETag and Last-Modified it sends, a directory without its slash,
    # paths with escapes and dot segments, then one connection each for
    # what closes the connection.
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(10)

    def ask(name, req):
        s.sendall(req)
        status, headers, _ = read_head(s)
        print(name, "->", status)
        return headers

    h = ask("GET /1k.txt", b"GET /1k.txt HTTP/1.1\r\nHost: x\r\n\r\n")
    print("headers:", all(k in h for k in ("date", "last-modified", "etag")),
          "etag like nginx's:", re.fullmatch(r'"[0-9a-f]+-400"', h["etag"]) is not None)
    etag, modified = h["etag"].encode(), h["last-modified"].encode()
    ask("If-None-Match current", b"GET /1k.txt HTTP/1.1\r\nHost: x\r\nIf-None-Match: " + etag + b"\r\n\r\n")
    ask("If-None-Match list, weak", b"GET /1k.txt HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"x\", W/" + etag + b"\r\n\r\n")
    ask("If-None-Match other", b"GET /1k.txt HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"1-2\"\r\n\r\n")
    ask("If-Modified-Since current", b"GET /1k.txt HTTP/1.1\r\nHost: x\r\nIf-Modified-Since: " + modified + b"\r\n\r\n")
    ask("If-Modified-Since 1994", b"GET /1k.txt HTTP/1.1\r\nHost: x\r\nIf-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n")
    h = ask("GET /sub", b"GET /sub HTTP/1.1\r\nHost: x\r\n\r\n")
    print("Location:", h.get("location"))
    ask("GET /sub/", b"GET /sub/ HTTP/1.1\r\nHost: x\r\n\r\n")
    ask("GET /a/../1k.txt", b"GET /a/../1k.txt HTTP/1.1\r\nHost: x\r\n\r\n")
    ask("GET /%31k.txt", b"GET /%31k.txt HTTP/1.1\r\nHost: x\r\n\r\n")
    ask("GET /../etc/passwd", b"GET /../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")
    ask("GET /index.html%00.png", b"GET /index.html%00.png HTTP/1.1\r\nHost: x\r\n\r\n")
    ask("GET /%zz", b"GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n")
    s.close()

    for name, req in [
            ("HTTP/1.1 without Host", b"GET / HTTP/1.1\r\n\r\n"),
            ("NUL in the path", b"GET /index.html\x00.png HTTP/1.1\r\nHost: x\r\n\r\n"),
            ("negative Content-Length", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n"),
            ("two Content-Lengths", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"),
            ("HTTP/2.0", b"GET / HTTP/2.0\r\nHost: x\r\n\r\n")]:
        c = socket.create_connection(("127.0.0.1", port))
        c.settimeout(10)
        c.sendall(req)
        status, headers, _ = read_head(c)
        print(name, "->", status, "then closed:", c.recv(1) == b"")
        c.close()


def recv_all(s):
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            return data
        data += chunk


def halfclose(port):
    # The client sends two lines, the last without its line end, and
    # half-closes: both replies still come, then the server closes.
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(10)
    s.sendall(b"first\nlast")
    s.shutdown(socket.SHUT_WR)
    print("half-closed:", recv_all(s).decode().split())
    s.close()


def badlength(port):
    # A Content-Length that is no length closes the connection unanswered.
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(10)
    s.sendall(b"POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\nXY")
    print("bad length:", recv_all(s))
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
