# A lit configuration for your own aspen programs: copy this directory,
# put tests next to this file (a .asp test is the program itself, with RUN
# and CHECK lines in // comments), and run `lit -v .`.
#
# It needs nothing from aspen's source or build tree: aspenc is taken from
# $ASPENC, else from PATH (an installed aspen's bin directory); FileCheck,
# not and count from PATH, else from LLVM 16's bin directory, where Debian
# puts them.
import os
import shutil
import sys

import lit.formats

config.name = "my aspen programs"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".asp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.test_source_root, "Output")

aspenc = os.environ.get("ASPENC") or shutil.which("aspenc")
if not aspenc:
    lit_config.fatal("aspenc not found: put aspen's bin directory on PATH, "
                     "or set ASPENC to the aspenc to test with")
aspenc = os.path.abspath(aspenc)

llvm_bin = "/usr/lib/llvm-16/bin"
path = [os.path.dirname(aspenc)]
if not shutil.which("FileCheck") and os.path.isdir(llvm_bin):
    path.append(llvm_bin)
config.environment["PATH"] = os.pathsep.join(path + [os.environ.get("PATH", "")])
config.environment.pop("CLICOLOR_FORCE", None)

config.substitutions.append(("%aspenc", aspenc))
config.substitutions.append(("%python", sys.executable))

# A test that hangs fails instead of stalling the run (needs psutil).
try:
    import psutil  # noqa: F401

    lit_config.maxIndividualTestTime = 300
except ImportError:
    pass
