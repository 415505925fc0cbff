#!/usr/bin/env python3
"""cluster_launch.py [--bind] [--no-port] STYLE N EXE [ARGS...]: starts N node processes of EXE
the way a cluster launcher does, with no help from aspen's own launcher:
each gets only its rank and the job's size and id in the variables of
STYLE (slurm: SLURM_PROCID; ompi: OMPI_COMM_WORLD_RANK; pmi: PMI_RANK, as
MPICH's hydra sets them). The nodes listen on a port picked here
(ASPEN_PORT). Prints each node's output prefixed with its rank, in rank
order, and exits with the first non-zero status. Every rank gets one
random ASPEN_JOB_SECRET, as the job's user exports it (CLUSTER_SECRET=
starts them without one). With --bind, each rank is
bound to one CPU (rank modulo the CPUs there are), as `srun --cpu-bind` or
`mpirun --bind-to core` do."""
import os
import socket
import subprocess
import sys

args = sys.argv[1:]
bind = args[0] == "--bind"
if bind:
    args = args[1:]
# --no-port: ASPEN_PORT is not set, as a user who exports only the secret
# leaves it; the nodes take the ports the secret picks.
no_port = args[0] == "--no-port"
if no_port:
    args = args[1:]
style, n, cmd = args[0], int(args[1]), args[2:]
cpus = sorted(os.sched_getaffinity(0))
s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
job = f"{os.getpid()}{port}"
# What the job's user exports before srun or mpirun (docs/runtime.md).
secret = os.environ.get("CLUSTER_SECRET", os.urandom(16).hex())
names = {
    "slurm": ("SLURM_PROCID", "SLURM_NTASKS", "SLURM_JOB_ID"),
    "ompi": ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_MCA_ess_base_jobid"),
    "pmi": ("PMI_RANK", "PMI_SIZE", "PMI_ID"),
}[style]
procs = []
for rank in range(n):
    env = dict(os.environ)
    for v in ("ASPEN_NODE", "ASPEN_PEERS", "ASPEN_LISTEN_FD", "ASPEN_WORKERS",
              "ASPEN_PIN", "ASPEN_FIRST_CORE", "ASPEN_JOB_SECRET"):
        env.pop(v, None)
    env.update({names[0]: str(rank), names[1]: str(n), names[2]: job})
    env.pop("ASPEN_PORT", None)
    if not no_port:
        env["ASPEN_PORT"] = str(port)
    if secret:
        env["ASPEN_JOB_SECRET"] = secret
    cpu = cpus[rank % len(cpus)]
    procs.append(subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True,
                                  preexec_fn=(lambda c=cpu: os.sched_setaffinity(0, {c}))
                                  if bind else None))
status = 0
for rank, p in enumerate(procs):
    out, _ = p.communicate(timeout=120)
    for line in out.splitlines():
        print(f"[{rank}] {line}")
    if p.returncode and not status:
        status = p.returncode if p.returncode > 0 else 128 - p.returncode
sys.exit(status)
