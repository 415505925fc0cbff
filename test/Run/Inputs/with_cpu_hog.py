"""with_cpu_hog.py CPU -- COMMAND...: runs COMMAND bound to CPU while
another process spins on that CPU, as another user's job would on a
shared node; passes on COMMAND's output and exit status."""
import ctypes
import os
import signal
import subprocess
import sys

cpu = int(sys.argv[1])
cmd = sys.argv[sys.argv.index("--") + 1:]
hog = os.fork()
if hog == 0:
    # Dies with this script, however it ends (PR_SET_PDEATHSIG): a spinning
    # orphan would slow every test after it.
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)
    if os.getppid() == 1:
        os._exit(0)
    os.sched_setaffinity(0, {cpu})
    while True:
        pass
try:
    r = subprocess.run(cmd, preexec_fn=lambda: os.sched_setaffinity(0, {cpu}),
                       timeout=120)
finally:
    os.kill(hog, signal.SIGKILL)
    os.waitpid(hog, 0)
sys.exit(r.returncode)
