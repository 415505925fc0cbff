#!/usr/bin/env python3
"""FileCheck for the Dist suite on a netlab (lit -Dnetlab=1).

A node's name is its host's address, and the suite's expectations name
loopback addresses: node K runs on host K+1, so the output is read with
the netlab's subnet written as 127.0.0 (host I is 127.0.0.I), then checked
by FileCheck with the same arguments."""
import os
import re
import subprocess
import sys

hosts = os.environ["NETLAB_HOSTS"].split()
subnet = hosts[0].rsplit(".", 1)[0]
pattern = re.compile(re.escape(subnet) + r"\.(\d+)")
data = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
data = pattern.sub(r"127.0.0.\1", data)
filecheck = os.environ.get("NETLAB_FILECHECK", "FileCheck")
r = subprocess.run([filecheck] + sys.argv[1:], input=data.encode("utf-8", "surrogateescape"))
sys.exit(r.returncode)
