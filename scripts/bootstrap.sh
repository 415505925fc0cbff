#!/usr/bin/env bash
# bootstrap.sh -- set up a fresh Debian 12 machine, build aspen, and run a job.
#
#   scripts/bootstrap.sh demo    install deps, build, compile and run an example
#   scripts/bootstrap.sh check   install deps, build, run every test suite
#
# Env: ASPEN_BUILD_DIR (default: build), ASPEN_BUILD_TYPE (default:
# RelWithDebInfo), SKIP_DEPS=1 to skip the package installation step.
set -euo pipefail

job=${1:-demo}
case "$job" in
  demo|check) ;;
  *) echo "usage: $0 demo|check" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${ASPEN_BUILD_DIR:-build}

if [ "${SKIP_DEPS:-0}" != "1" ]; then
  bash scripts/install-deps.sh
fi

# lit may have been pip-installed into a scripts directory that is not on PATH
# in non-interactive shells; make it visible to CMake's find_program.
pyscripts=$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null || true)
[ -n "$pyscripts" ] && export PATH="$PATH:$pyscripts"

# clang++-16 with lld builds in about half the time and memory of g++.
cmake -S . -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE="${ASPEN_BUILD_TYPE:-RelWithDebInfo}" \
  -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld
ninja -C "$build"

case "$job" in
  demo)
    # Compile an example with aspenc and run it.
    "$build/bin/aspenc" examples/primes/main.asp -o "$build/primes"
    "$build/primes"
    ;;
  check)
    ninja -C "$build" check
    # The runtime's lock-free structures and scheduler again, under
    # ThreadSanitizer.
    cmake -S . -B "$build-tsan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DASPEN_SANITIZE=thread \
      -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
      -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld
    ninja -C "$build-tsan" aspenrt-unittests
    timeout 900 "$build-tsan/bin/aspenrt-unittests"
    # And programs built by that tree's aspenc, under ThreadSanitizer too:
    # queues, collectives, end of stream, and the transport between nodes.
    timeout 1800 ninja -C "$build-tsan" check-programs-tsan
    # And under AddressSanitizer with UndefinedBehaviorSanitizer.
    cmake -S . -B "$build-asan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DASPEN_SANITIZE=address,undefined \
      -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
      -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld
    ninja -C "$build-asan" aspenrt-unittests aspencodegen-unittests
    timeout 900 "$build-asan/bin/aspenrt-unittests"
    timeout 900 "$build-asan/bin/aspencodegen-unittests"
    # Every program of the Run, SNet, Dist and Stdlib suites again, built by that
    # tree's aspenc: under AddressSanitizer and UBSan, runtime and transport
    # included.
    timeout 1800 ninja -C "$build-asan" check-programs
    # The frontend under libFuzzer with ASan and UBSan, seeded with every
    # test and example, for a bounded time: any crash fails the check.
    cmake -S . -B "$build-fuzz" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DASPEN_ENABLE_FUZZERS=ON -DASPEN_ENABLE_TESTS=OFF \
      -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
      -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld
    ninja -C "$build-fuzz" aspen-frontend-fuzzer aspen-frame-fuzzer \
      aspen-handshake-fuzzer
    corpus=$(mktemp -d)
    find test examples -name '*.asp' -exec cp {} "$corpus/" \;
    "$build-fuzz/bin/aspen-frontend-fuzzer" "$corpus" \
      -max_total_time="${ASPEN_FUZZ_SECONDS:-60}" -max_len=8192 -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1
    rm -rf "$corpus"
    # Bytes from other nodes: the frame decoder and payload deserializers.
    corpus=$(mktemp -d)
    cp fuzz/corpus/frame/* "$corpus/"
    "$build-fuzz/bin/aspen-frame-fuzzer" "$corpus" \
      -max_total_time="${ASPEN_FRAME_FUZZ_SECONDS:-30}" -max_len=131072 \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
    rm -rf "$corpus"
    # Bytes from strangers: the acceptor's side of the greeting.
    corpus=$(mktemp -d)
    "$build-fuzz/bin/aspen-handshake-fuzzer" "$corpus" \
      -max_total_time="${ASPEN_HANDSHAKE_FUZZ_SECONDS:-15}" -max_len=512 \
      -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
    rm -rf "$corpus"
    ;;
esac
