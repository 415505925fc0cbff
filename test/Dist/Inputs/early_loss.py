#!/usr/bin/env python3
"""early_loss.py EXE: a 3-node job started the way srun does, of which only
ranks 0 and 1 start; rank 1 is killed once it has connected to rank 0.
Prints rank 0's output, its exit status, and how long it took to stop."""
import os
import signal
import socket
import subprocess
import sys
import time

exe = sys.argv[1]
s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
env = dict(os.environ, SLURM_NTASKS="3", SLURM_JOB_ID="77", ASPEN_PORT=str(port),
           ASPEN_CONNECT_TIMEOUT="20")
for v in ("ASPEN_NODE", "ASPEN_PEERS", "ASPEN_LISTEN_FD", "ASPEN_JOB_SECRET"):
    env.pop(v, None)
env["ASPEN_JOB_SECRET"] = os.urandom(16).hex()  # as the job's user exports it
t0 = time.monotonic()
r0 = subprocess.Popen([exe], env=dict(env, SLURM_PROCID="0"), stdout=subprocess.PIPE,
                      stderr=subprocess.STDOUT, text=True)
r1 = subprocess.Popen([exe], env=dict(env, SLURM_PROCID="1"), stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL)
time.sleep(1.0)  # rank 1 dials rank 0 at once; rank 2 never comes
r1.send_signal(signal.SIGKILL)
r1.wait()
out, _ = r0.communicate(timeout=60)
took = time.monotonic() - t0
sys.stdout.write(out)
print("exit status", r0.returncode)
print("stopped", "before" if took < 10 else "after", "the connect timeout")
