#!/usr/bin/env python3
"""port_taken.py N EXE: starts rank 0 of an N-node job the way srun would,
on a port another socket already listens on; prints its output and its
exit status."""
import os
import socket
import subprocess
import sys

n, exe = sys.argv[1], sys.argv[2]
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen()
env = dict(os.environ, SLURM_PROCID="0", SLURM_NTASKS=n, SLURM_JOB_ID="9",
           ASPEN_PORT=str(s.getsockname()[1]))
for v in ("ASPEN_NODE", "ASPEN_PEERS", "ASPEN_LISTEN_FD", "ASPEN_JOB_SECRET"):
    env.pop(v, None)
env["ASPEN_JOB_SECRET"] = os.urandom(16).hex()  # as the job's user exports it
r = subprocess.run([exe], env=env, stdout=subprocess.PIPE,
                   stderr=subprocess.STDOUT, text=True, timeout=60)
sys.stdout.write(r.stdout)
print("exit status", r.returncode)
