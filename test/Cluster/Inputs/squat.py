#!/usr/bin/env python3
"""squat.py PORT FLAG: holds PORT on every address of this host (another
user's process, say), creates FLAG once it does, and lets go when FLAG is
removed."""
import os
import socket
import sys
import time

s = socket.socket()
s.bind(("0.0.0.0", int(sys.argv[1])))
s.listen(1)
open(sys.argv[2], "w").close()
for _ in range(600):
    if not os.path.exists(sys.argv[2]):
        break
    time.sleep(0.1)
