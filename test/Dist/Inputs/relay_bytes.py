# The launcher's output of launcher-relay-bytes.asp, checked byte for byte.
import os
import re
import sys

data = open(sys.argv[1], "rb").read()
if os.environ.get("NETLAB_HOSTS"):  # on a netlab, node K is host K+1
    subnet = os.environ["NETLAB_HOSTS"].split()[0].rsplit(".", 1)[0].encode()
    data = re.sub(re.escape(subnet) + rb"\.(\d+)", rb"127.0.0.\1", data)
lines = data.split(b"\n")
want_a = [b"[127.0.0.1] nul:a\0b", b"[127.0.0.1] " + b"x" * (8 << 20),
          b"[127.0.0.1] after"]
got_a = [l for l in lines if l.startswith(b"[127.0.0.1] ")]
assert got_a == want_a, [l[:40] + b"... (%d bytes)" % len(l) for l in got_a]
assert b"[127.0.0.2] b is done" in lines, lines
assert data.endswith(b"\n")
print("ok")
