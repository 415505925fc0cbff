#!/usr/bin/env python3
"""within.py SECONDS START END CMD...: runs CMD with its output (standard
output and error together) passed through, and succeeds only if a line
containing END comes at most SECONDS after the first line containing START.
For failure-detection bounds, which are part of what the transport
promises, not performance figures."""
import subprocess
import sys
import time

limit, start, end = float(sys.argv[1]), sys.argv[2], sys.argv[3]
p = subprocess.Popen(sys.argv[4:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                     text=True, errors="replace")
t_start = t_end = None
for line in p.stdout:
    sys.stdout.write(line)
    now = time.monotonic()
    if t_start is None and start in line:
        t_start = now
    if t_start is not None and t_end is None and end in line:
        t_end = now
p.wait()
if t_start is None or t_end is None:
    sys.exit(f"within.py: no line with {start!r} then one with {end!r}")
took = t_end - t_start
print(f"within.py: {took:.1f} s from {start!r} to {end!r}")
if took > limit:
    sys.exit(f"within.py: {took:.1f} s, more than {limit} s")
