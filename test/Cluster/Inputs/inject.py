#!/usr/bin/env python3
"""inject.py FAULT BOUND EXE ARG...: inside a netlab, runs the job EXE ARG...
(its launcher here, in host 1), waits until every node has printed
'ready', then injects FAULT into the node on host 2:

  kill    SIGKILL to its process, in its namespace
  stop    SIGSTOP to its process
  cut     its link down (ip link set eth0 down in its namespace)

Prints the job's output (lines in the order they came), then, for each
'aspen: error:' line that names host 2's node from another node, whether
it came within BOUND seconds of the fault, and the job's exit status."""
import os
import re
import signal
import subprocess
import sys
import threading
import time

fault, bound, argv = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
hosts = os.environ["NETLAB_HOSTS"].split()
namespaces = os.environ["NETLAB_NS"].split()
victim_ns, victim = namespaces[1], hosts[1]
nodes = int(os.environ.get("INJECT_NODES", len(hosts)))

job = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, errors="replace")
lines, times = [], []
ready = threading.Event()


def read():
    count = 0
    for line in job.stdout:
        lines.append(line.rstrip("\n"))
        times.append(time.monotonic())
        if line.rstrip().endswith("ready"):
            count += 1
            if count == nodes:
                ready.set()


reader = threading.Thread(target=read)
reader.start()
if not ready.wait(60):
    job.kill()
    reader.join()
    print("\n".join(lines))
    sys.exit("inject.py: the nodes did not all say 'ready' within 60 s")


def node_pid():
    exe = os.path.realpath(argv[0])
    pids = subprocess.run(["ip", "netns", "pids", victim_ns], capture_output=True,
                          text=True).stdout.split()
    for p in pids:
        try:
            if os.path.realpath(f"/proc/{p}/exe") == exe:
                return int(p)
        except OSError:
            pass
    sys.exit(f"inject.py: no process of {exe} in {victim_ns}")


t0 = time.monotonic()
if fault == "kill":
    os.kill(node_pid(), signal.SIGKILL)
elif fault == "stop":
    os.kill(node_pid(), signal.SIGSTOP)
elif fault == "cut":
    subprocess.run(["ip", "-n", victim_ns, "link", "set", "eth0", "down"], check=True)
else:
    sys.exit(f"inject.py: unknown fault {fault!r}")
try:
    status = job.wait(120)
except subprocess.TimeoutExpired:
    job.kill()
    status = "still running 120 s after the fault"
reader.join()
print("\n".join(lines))
seen = set()
for line, t in zip(lines, times):
    m = re.match(r"\[([^\]]+)\] aspen: error: node '([^']+)': .*'" + re.escape(victim) + "'", line)
    if m and m.group(1) != victim and m.group(1) not in seen:
        seen.add(m.group(1))
        late = t - t0
        verdict = "within the bound" if late <= bound else f"after {late:.1f} s, beyond {bound} s"
        print(f"inject.py: node {m.group(1)} named {victim} {verdict}")
print(f"inject.py: {len(seen)} of {nodes - 1} other nodes named it")
print(f"inject.py: exit status {status}")
