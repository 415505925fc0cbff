# lit configuration for aspen. Suites are directories by phase: Parse,
# Diagnostics, ... Each test is one small file; a .asp test is itself the
# program under test, with RUN and CHECK lines in // comments.
import os

import lit.formats

config.name = "aspen"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".asp", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.aspen_obj_root, "test")

# FileCheck, not and count live in LLVM's bin directory, which is not on PATH
# on Debian; aspenc comes from the build tree.
config.environment["PATH"] = os.pathsep.join(
    [config.aspen_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
)
# Diagnostics must not depend on the terminal running the tests.
config.environment.pop("CLICOLOR_FORCE", None)
# aspenc's precompiled headers: in the build tree, so that every test
# compiles as a user's aspenc does (from the cache), and a fresh build
# starts with an empty one.
config.environment["ASPEN_CACHE_DIR"] = os.path.join(config.test_exec_root, "aspen-cache")

# `lit --param snet_routes=0`: every S-Net network walks each record's route
# instead of replaying it (ASPEN_SNET_ROUTES), so a suite run with it and
# without checks that the two give the same outputs and counts.
if lit_config.params.get("snet_routes") is not None:
    config.environment["ASPEN_SNET_ROUTES"] = lit_config.params["snet_routes"]

config.substitutions.append(("%aspenc", os.path.join(config.aspen_tools_dir, "aspenc")))
config.substitutions.append(("%examples", os.path.join(config.aspen_src_root, "examples")))
# test/Install installs the build tree and packages it.
config.substitutions.append(("%aspen_src_root", config.aspen_src_root))
config.substitutions.append(("%aspen_obj_root", config.aspen_obj_root))
config.substitutions.append(("%cmake", getattr(config, "cmake_command", "cmake")))
config.substitutions.append(("%cpack", getattr(config, "cpack_command", "cpack")))
# libaspenrt-asan.a and -tsan.a, for aspenc -fsanitize=address|thread
# (ASPEN_RUNTIME_VARIANTS).
if getattr(config, "aspen_runtime_variants", ""):
    config.available_features.add("runtime-variants")

# A test that hangs must fail, not stall the whole run: lit enforces this
# limit when psutil is available (scripts/install-deps.sh installs it).
try:
    import psutil  # noqa: F401

    lit_config.maxIndividualTestTime = 300
except ImportError:
    lit_config.note("psutil is not installed: no per-test time limit")

import sys

config.substitutions.append(("%python", sys.executable))

# test/Dist runs nodes in network namespaces where the machine allows it
# (root, iproute2): probe by creating and removing one.
import subprocess

try:
    probe = f"aspenlit{os.getpid()}"
    if subprocess.run(["ip", "netns", "add", probe], capture_output=True).returncode == 0:
        subprocess.run(["ip", "netns", "del", probe], capture_output=True)
        config.available_features.add("netns")
except OSError:
    pass

# A node on the IPv6 loopback, where the machine has one.
import socket

try:
    with socket.socket(socket.AF_INET6) as s6:
        s6.bind(("::1", 0))
    config.available_features.add("ipv6")
except OSError:
    pass

# A sanitizer build: programs run under the sanitizers (slower, more
# memory); tests of timing or memory use mark themselves UNSUPPORTED: asan.
# How long a failure may take to be noticed across nodes: 5 s is the
# promise (docs/reliability.md); a sanitized runtime is given more.
config.substitutions.append(
    ("%detect_bound", "15" if getattr(config, "aspen_sanitize", "") else "5"))
for s in getattr(config, "aspen_sanitize", "").split(","):
    if s == "address":
        config.available_features.add("asan")
        # Fibers switch stacks; leaks are the unit tests' business.
        config.environment["ASAN_OPTIONS"] = "detect_leaks=0:detect_stack_use_after_return=0"
    if s == "undefined":
        config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    if s == "thread":
        config.available_features.add("tsan")
        config.environment["TSAN_OPTIONS"] = "halt_on_error=1:second_deadlock_stack=1"

