#!/usr/bin/env python3
"""send_signal.py SIG LINE CMD...: runs CMD, waits until its output (standard
output and error together) has a line containing LINE, lets it run on a
moment, sends it signal SIG (TERM, INT as Ctrl-C would, ...), and prints its
output and its exit status (128 + the signal for a process the signal
ended)."""
import signal
import subprocess
import sys
import time

sig = getattr(signal, "SIG" + sys.argv[1])
p = subprocess.Popen(sys.argv[3:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                     text=True)
out = []
for line in p.stdout:
    out.append(line)
    if sys.argv[2] in line:
        break
time.sleep(0.2)
p.send_signal(sig)
out.extend(p.stdout.readlines())
status = p.wait(timeout=120)
sys.stdout.write("".join(out))
print(f"exit status {128 - status if status < 0 else status}")
