#!/usr/bin/env python3
"""hostile_env.py FILE CMD...: runs CMD with WEIRD set to a value that a
shell would run commands from if it were not quoted right: each would
create FILE. Prints nothing itself."""
import os
import sys

f = sys.argv[1]
os.environ["WEIRD"] = f"a'b $(touch {f}); c `touch {f}` \"d\" \\'e"
os.execvp(sys.argv[2], sys.argv[2:])
