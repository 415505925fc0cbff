#!/usr/bin/env python3
"""check_trace.py FILE: loads a Chrome/Perfetto trace written by
ASPEN_TRACE and prints what it holds, one summary line per kind, for
FileCheck: processes and thread names, the slices that do not nest, the
async slices and flow arrows that do not pair, and per category the
distinct event names."""
import bisect
import json
import sys

t = json.load(open(sys.argv[1]))
ev = t["traceEvents"]
procs = {e["pid"]: e["args"]["name"] for e in ev if e.get("name") == "process_name"}
print("processes:", ", ".join(f"{procs[p]} (pid {p})" for p in sorted(procs)))
print("events of unnamed processes:", sum(1 for e in ev if e["pid"] not in procs))
threads = sorted({e["args"]["name"] for e in ev if e.get("name") == "thread_name"})
print("threads:", ", ".join(threads))
cats = {}
for e in ev:
    if e.get("ph") in ("X", "i", "b"):
        assert e["ts"] >= 0 and e.get("dur", 0) >= 0, e
        cats.setdefault(e["cat"], set()).add(e["name"])

# Slices of one track must nest: each begins after the one open before it
# ends, or ends within it (Perfetto draws anything else wrongly).
bad = 0
tracks = {}
for e in ev:
    if e.get("ph") == "X":
        tracks.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"]))
eps = 0.002  # the file's microseconds have three decimals
for spans in tracks.values():
    spans.sort(key=lambda s: (s[0], -s[1]))
    stack = []
    for b, e in spans:
        while stack and stack[-1] <= b + eps:
            stack.pop()
        if stack and e > stack[-1] + eps:
            bad += 1
        stack.append(e)
print("slices that overlap without nesting:", bad)
# Async slices (time parked) come in begin/end pairs of one id.
opened = {}
unpaired = 0
for e in ev:
    if e.get("ph") == "b":
        opened[(e["cat"], e["id2"]["local"])] = opened.get((e["cat"], e["id2"]["local"]), 0) + 1
    elif e.get("ph") == "e":
        k = (e["cat"], e["id2"]["local"])
        if opened.get(k):
            opened[k] -= 1
        else:
            unpaired += 1
unpaired += sum(opened.values())
print("async begins and ends unpaired:", unpaired)

# Flow arrows, one per message: a start ("s") inside the send slice that
# sent it and an end ("f", bound to its enclosing slice) inside the dequeue
# slice that took it, of the same id and category, the end not before the
# start. A start without an end is a message still in a queue (a trace
# written on an interrupt has some).
starts, ends = {}, {}
for e in ev:
    if e.get("ph") == "s":
        starts.setdefault((e["cat"], e["id"]), []).append(e)
    elif e.get("ph") == "f":
        ends.setdefault((e["cat"], e["id"]), []).append(e)
        assert e.get("bp") == "e", e
slices = {}  # (pid, tid, cat) -> sorted (start, end); sends and dequeues do not nest
for e in ev:
    if e.get("ph") == "X" and e["cat"] in ("send", "dequeue"):
        slices.setdefault((e["pid"], e["tid"], e["cat"]), []).append((e["ts"], e["ts"] + e["dur"]))
for v in slices.values():
    v.sort()


def inside(e, cat):
    spans = slices.get((e["pid"], e["tid"], cat), [])
    k = bisect.bisect_right(spans, (e["ts"] + eps, float("inf"))) - 1
    return k >= 0 and spans[k][0] - eps <= e["ts"] <= spans[k][1] + eps


paired = several = early = unbound = 0
for k, ss in starts.items():
    fs = ends.get(k, [])
    if len(ss) == 1 and len(fs) == 1:
        paired += 1
        if fs[0]["ts"] + eps < ss[0]["ts"]:
            early += 1
    elif len(ss) > 1 or len(fs) > 1:
        several += 1
    unbound += sum(not inside(s, "send") for s in ss)
    unbound += sum(not inside(f, "dequeue") for f in fs)
print("flow arrows:", paired)
print("flow ids used more than once:", several)
print("flow ends without a start:", sum(len(fs) for k, fs in ends.items() if k not in starts))
print("flow starts without an end:", sum(len(ss) for k, ss in starts.items() if k not in ends))
print("flow ends before their start:", early)
print("flow events outside their send or dequeue slice:", unbound)
cross = sum(1 for k, ss in starts.items() if k in ends and ss[0]["pid"] != ends[k][0]["pid"])
print("flow arrows between processes:", cross)
for c in sorted(cats):
    print(f"{c}: {len(cats[c])} names: " + ", ".join(sorted(cats[c])[:6]))
