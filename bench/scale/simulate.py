#!/usr/bin/env python3
"""bench/scale/simulate.py [ASPENC]: scale-out on paper, for 64, 256 and
1,024 nodes (and 1,000, which is no power of two).

The reduce plans are the compiler's own (section 3.2 of the Aspen paper):
for each size, a program with one worker per node and an all-reduce (every
node a participant and a receiver), a reduce to one node, and a reduce
from half the nodes to the other half is placed on a hostfile of that many
hosts, and `aspenc --dump-graph` prints the plan it stores. From the plan:
steps, messages per node per step, and the peers a node talks to. From the
transport's design (docs/runtime.md, "The transport"): connections, file
descriptors, heartbeats and start-up work per node. The times are a
LogP-style model, t = steps * (L + o) (+ 2 (N-1)/N * M / B for reduce-
scatter and allgather of M bytes), with o, the software cost of one message
between nodes, taken from the measured 2-node figures of docs/benchmarks.md
(half the 8-byte ping-pong round trip minus the loopback's latency), and
L and B the link's latency and rate of the netlab rows. Prints Markdown."""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ASPENC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "bin", "aspenc")
SIZES = (64, 256, 1000, 1024)
# Software cost of one message between nodes (us): half of the measured
# 8-byte ping-pong round trip on loopback (about 10 us), the loopback
# itself taken as free.
O_US = 5.0
LINKS = (("100 us, 10 Gbit/s", 100.0, 10e9), ("1 ms, 1 Gbit/s", 1000.0, 1e9))
HEARTBEAT_S = 0.5  # every node writes to each peer at least this often

PROGRAM = """#include <aspen/runtime.h>
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[N];
    Reduce r;
    flow:
      FLOW;
  }
}
Module W {
  void run() {
    long v = 1;
    send new ArrayPayload<long>(&v, 1);
    QueueElement q = dequeue();
  }
}
"""

SHAPES = {
    "all-reduce": "w ||| r(sum) ||| w",
    "reduce to one node": "w ||| r(sum) ||| w[0]",
    "half to the other half": "w[0:H1] ||| r(sum) ||| w[H:N1]",
}


def plan(n, flow, tmp):
    src = os.path.join(tmp, f"p{n}.asp")
    hosts = os.path.join(tmp, f"h{n}")
    flow = (flow.replace("H1", str(n // 2 - 1)).replace("N1", str(n - 1))
            .replace("H", str(n // 2)))
    with open(src, "w") as f:
        f.write(PROGRAM.replace("N]", f"{n}]").replace("FLOW", flow))
    with open(hosts, "w") as f:
        f.write("".join(f"10.{(i >> 8) & 255}.{i & 255}.1\n" for i in range(n)))
    out = subprocess.run([ASPENC, "-w", "--dump-graph", "--hostfile", hosts, src],
                         capture_output=True, text=True, check=True).stdout
    steps = [re.findall(r"(\d+)->(\d+)", l) for l in out.splitlines()
             if re.match(r"\s*Plan step \d+:", l)]
    large = "reduce-scatter then allgather" in out
    return steps, large


def main():
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in SIZES:
            for shape, flow in SHAPES.items():
                steps, large = plan(n, flow, tmp)
                peers = {}
                per_step = 0
                msgs = 0
                for s in steps:
                    sent = {}
                    for a, b in s:
                        peers.setdefault(a, set()).add(b)
                        peers.setdefault(b, set()).add(a)
                        sent[a] = sent.get(a, 0) + 1
                        msgs += 1
                    per_step = max(per_step, max(sent.values(), default=0))
                rows.append((n, shape, len(steps), per_step, max(map(len, peers.values())), msgs,
                             large))
    print("| nodes | reduce | plan steps | messages a node sends in a step, at most "
          "| peers a node talks to, at most | messages in all | large arrays |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n, shape, steps, per_step, peers, msgs, large in rows:
        print(f"| {n:,} | {shape} | {steps} | {per_step} | {peers} | {msgs:,} | "
              f"{'reduce-scatter + allgather' if large else 'the same steps'} |")
    print()
    print("| nodes | link | all-reduce, 8 B | all-reduce, 1 MiB (reduce-scatter + allgather) "
          "| connections per node (full mesh) | heartbeat frames per node per second "
          "| connections in the job |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for n in SIZES:
        steps = next(r[2] for r in rows if r[0] == n and r[1] == "all-reduce")
        large = next(r[6] for r in rows if r[0] == n and r[1] == "all-reduce")
        for name, lat, rate in LINKS:
            small = steps * (lat + O_US)
            m = 1 << 20
            if large:
                big = 2 * steps * (lat + O_US) + 2 * (n - 1) / n * m * 8 / rate * 1e6
            else:
                big = steps * (lat + O_US + m * 8 / rate * 1e6)
            print(f"| {n:,} | {name} | {small / 1e3:.2f} ms | {big / 1e3:.1f} ms | {n - 1:,} "
                  f"| {(n - 1) / HEARTBEAT_S:,.0f} | {n * (n - 1) // 2:,} |")


main()
