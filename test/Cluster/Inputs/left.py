#!/usr/bin/env python3
"""left.py EXE: prints the processes (any namespace) running EXE, or
'none left'."""
import os
import sys

exe = os.path.realpath(sys.argv[1])
found = []
for p in os.listdir("/proc"):
    if p.isdigit():
        try:
            if os.path.realpath(f"/proc/{p}/exe") == exe:
                found.append(p)
        except OSError:
            pass
print("left: " + " ".join(found) if found else "none left")
