#!/usr/bin/env python3
"""usr1.py GOFILE LINE CMD...: runs CMD with GO_FILE=GOFILE in its
environment, waits until its output has a line containing LINE, sends it
SIGUSR1 (a request for a dump, which must not stop it), then creates
GOFILE to let it finish, and prints its output and its exit status."""
import os
import signal
import subprocess
import sys
import time

go, line_wanted, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
if os.path.exists(go):
    os.remove(go)
p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                     env=dict(os.environ, GO_FILE=go))
out = []
for line in p.stdout:
    out.append(line)
    if line_wanted in line:
        break
time.sleep(0.3)
p.send_signal(signal.SIGUSR1)
time.sleep(1.0)
open(go, "w").close()
out.extend(p.stdout.readlines())
status = p.wait(timeout=60)
sys.stdout.write("".join(out))
print(f"exit status {128 - status if status < 0 else status}")
