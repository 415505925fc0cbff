#!/usr/bin/env bash
# netns.sh EXE NODES: runs EXE's NODES nodes each in a network namespace of
# its own, joined to a bridge by a veth pair (10.77.1.{1..NODES}/24), as
# separate machines would be; node I is started directly with ASPEN_NODE=I.
# Prints every node's output prefixed with its index; exits with the first
# non-zero status. The namespaces and links are removed on exit.
set -u
exe=$1
nodes=$2
tag=$(printf '%04x' $(( $$ % 65536 )))
br="asbr$tag"
cleanup() {
  for i in $(seq 1 "$nodes"); do ip netns del "as$tag-$i" 2>/dev/null; done
  ip link del "$br" 2>/dev/null
}
trap cleanup EXIT
ip link add "$br" type bridge && ip link set "$br" up || exit 77
for i in $(seq 1 "$nodes"); do
  ns="as$tag-$i"
  ip netns add "$ns" || exit 77
  ip link add "v$tag$i" type veth peer name eth0 netns "$ns" || exit 77
  ip link set "v$tag$i" master "$br" up
  ip -n "$ns" addr add "10.77.1.$i/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$ns" link set lo up
done
secret=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
pids=()
for i in $(seq 1 "$nodes"); do
  ip netns exec "as$tag-$i" env ASPEN_NODE=$((i - 1)) ASPEN_JOB_SECRET="$secret" \
    ASPEN_WORKERS=1 ASPEN_PIN=0 "$exe" \
    > >(sed "s/^/[ns$i] /") 2>&1 &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do
  wait "$p"; s=$?
  [ "$status" = 0 ] && status=$s
done
wait
exit "$status"
