#!/usr/bin/env python3
"""check_trace.py FILE: loads a Chrome/Perfetto trace written by
ASPEN_TRACE and prints what it holds, one summary line per kind, for
FileCheck: thread names, and per category the distinct event names."""
import json
import sys

t = json.load(open(sys.argv[1]))
ev = t["traceEvents"]
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
for c in sorted(cats):
    print(f"{c}: {len(cats[c])} names: " + ", ".join(sorted(cats[c])[:6]))
