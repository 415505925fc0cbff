#!/usr/bin/env python3
"""limits.py MODE ASPENC WORKDIR: aspenc at its limits.

  oom        a program too large for the memory aspenc may use: one line,
             `aspenc: error: out of memory while ...`, and exit status 1
  interrupt  aspenc interrupted (SIGTERM, SIGINT) while it writes the
             object and while it links: no temporary object, no output
             file and no linker left behind
"""
import glob
import os
import resource
import signal
import subprocess
import sys
import time

mode, aspenc, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)


def linking(out, aspenc_pid):
    """Whether a process other than aspenc names `out` (the linker)."""
    for d in os.listdir("/proc"):
        if not d.isdigit() or int(d) == aspenc_pid:
            continue
        try:
            with open(f"/proc/{d}/cmdline", "rb") as f:
                if out.encode() in f.read():
                    return True
        except OSError:
            pass
    return False


def program(receivers):
    path = os.path.join(work, f"big{receivers}.asp")
    with open(path, "w") as f:
        f.write(f"""Module Main is Root requires Module S, Module R {{
  void initialize() {{
    S s;
    R r[{receivers}];
    flow:
      s ||| Broadcast ||| r;
  }}
}}
Module S {{ void run() {{ send new ArrayPayload<int>(1); }} }}
Module R {{ void run() {{ dequeue(); }} }}
""")
    return path


if mode == "oom":
    src = program(1000000)

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (700 << 20, 700 << 20))

    r = subprocess.run([aspenc, "-O0", src, "-c", "-o", os.path.join(work, "big.o")],
                       preexec_fn=limit, capture_output=True, text=True, timeout=300)
    sys.stdout.write(r.stderr)
    print(f"exit status {r.returncode}")
    sys.exit(0)

# interrupt: a temporary directory of our own shows what aspenc leaves.
tmp = os.path.join(work, "tmp")
os.makedirs(tmp, exist_ok=True)
src = program(300000)  # large enough that writing and linking take a while
for sig, when in ((signal.SIGTERM, "object"), (signal.SIGINT, "object"),
                  (signal.SIGTERM, "link")):
    for f in glob.glob(os.path.join(tmp, "*")):
        os.remove(f)
    out = os.path.join(work, f"prog-{sig}-{when}")
    if os.path.exists(out):
        os.remove(out)
    p = subprocess.Popen([aspenc, "-O0", src, "-o", out], env=dict(os.environ, TMPDIR=tmp),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = False
    deadline = time.monotonic() + 120
    while p.poll() is None and time.monotonic() < deadline:
        objs = glob.glob(os.path.join(tmp, "aspen*.o"))
        # The object exists from the start of its writing; its size stops
        # growing once the linker runs.
        if objs and (when == "object" or linking(out, p.pid)):
            seen = True
            p.send_signal(sig)
            break
        time.sleep(0.001)
    p.wait(timeout=60)
    time.sleep(0.5)
    left = glob.glob(os.path.join(tmp, "*"))
    linker = linking(out, p.pid)
    print(f"{signal.Signals(sig).name} during {when}: interrupted={seen} "
          f"temporaries={len(left)} output={os.path.exists(out)} linker={linker}")
