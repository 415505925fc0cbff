#!/usr/bin/env python3
"""status.py EXPECTED CMD...: runs CMD, passes its output through, and
succeeds only if CMD exits with status EXPECTED (128+N for signal N)."""
import subprocess
import sys

expected = int(sys.argv[1])
r = subprocess.run(sys.argv[2:])
status = 128 - r.returncode if r.returncode < 0 else r.returncode
if status != expected:
    print(f"status.py: expected status {expected}, got {status}", file=sys.stderr)
    sys.exit(1)
