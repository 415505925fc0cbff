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
    if e.get("ph") in ("X", "i"):
        assert e["ts"] >= 0 and e.get("dur", 0) >= 0, e
        cats.setdefault(e["cat"], set()).add(e["name"])
for c in sorted(cats):
    print(f"{c}: {len(cats[c])} names: " + ", ".join(sorted(cats[c])[:6]))
