#!/usr/bin/env python3
"""interrupt.py LINE CMD...: runs CMD, waits until its output has a line
containing LINE, sends it SIGINT (as Ctrl-C would), and prints its output
and its exit status."""
import signal
import subprocess
import sys
import time

p = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                     text=True)
out = []
for line in p.stdout:
    out.append(line)
    if sys.argv[1] in line:
        break
time.sleep(0.2)
p.send_signal(signal.SIGINT)
out.extend(p.stdout.readlines())
status = p.wait(timeout=30)
sys.stdout.write("".join(out))
print(f"exit status {128 - status if status < 0 else status}")
