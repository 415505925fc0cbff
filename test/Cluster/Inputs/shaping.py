#!/usr/bin/env python3
"""shaping.py: inside a netlab of 2 hosts, measures what its links do:
the round trip of a byte over TCP (median of 50), the time 1 MB takes one
way over TCP, and how many of 1,000 UDP datagrams arrive."""
import os
import socket
import subprocess
import sys
import time

hosts = os.environ["NETLAB_HOSTS"].split()
on = os.path.join(os.environ["NETLAB_DIR"], "on")
server = subprocess.Popen([on, "2", sys.executable, "-c", r"""
import socket
t = socket.socket(); t.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
t.bind(("0.0.0.0", 5001)); t.listen(2)
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.bind(("0.0.0.0", 5002))
print("listening", flush=True)
c, _ = t.accept(); c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
for _ in range(50):
    c.sendall(c.recv(1))
d, _ = t.accept(); n = 0
while True:
    b = d.recv(1 << 16)
    if not b: break
    n += len(b)
d.sendall(b"k")
u.settimeout(1.0); got = 0
try:
    while True:
        u.recv(64); got += 1
except socket.timeout:
    pass
c.sendall(str(got).encode())
"""], stdout=subprocess.PIPE, text=True)
server.stdout.readline()
c = socket.create_connection((hosts[1], 5001))
c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
rtt = []
for _ in range(50):
    t = time.monotonic(); c.sendall(b"x"); c.recv(1); rtt.append(time.monotonic() - t)
print("round trip: %.1f ms (median)" % (sorted(rtt)[25] * 1e3))
d = socket.create_connection((hosts[1], 5001))
t = time.monotonic()
d.sendall(b"y" * 1000000); d.shutdown(socket.SHUT_WR); d.recv(1)
print("1 MB one way: %.2f s" % (time.monotonic() - t))
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for i in range(1000):
    u.sendto(b"z", (hosts[1], 5002))
    if i % 50 == 0:
        time.sleep(0.005)
print("datagrams arrived: %s of 1000" % c.recv(16).decode())
server.wait()
