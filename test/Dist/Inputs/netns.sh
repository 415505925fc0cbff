#!/usr/bin/env bash
# netns.sh EXE NODES [SUBNET] [launch [ARG...]]: gives each of NODES machines a network
# namespace of its own, joined to a bridge by a veth pair
# (SUBNET.{1..NODES}/24, SUBNET defaulting to 10.77.1), as separate machines
# would be. Then either starts node I directly in namespace I with
# ASPEN_NODE=I (output prefixed [nsI]), or, with `launch`, runs EXE once as
# the job's launcher with an `ssh` that enters the namespace of the host it
# is given, with none of the caller's environment (with the ARGs, which ssh
# must carry to every node): the
# launcher's remote-start path, end to end. Exits with the
# first non-zero status; the namespaces and links are removed on exit.
set -u
exe=$1
nodes=$2
subnet=${3:-10.77.1}
mode=${4:-direct}
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
  ip -n "$ns" addr add "$subnet.$i/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$ns" link set lo up
done
if [ "$mode" = launch ]; then
  fake=$(mktemp -d)
  cat > "$fake/ssh" <<SSH
#!/usr/bin/env bash
# ssh [-o opt]... HOST COMMAND: runs COMMAND in HOST's namespace.
[ -n "\${ASPEN_SSH_LOG:-}" ] && printf '%s\\n' "\$*" >> "\$ASPEN_SSH_LOG"
while [ "\$1" = -o ]; do shift 2; done
host=\$1; shift
# As a real ssh: the remote command starts with a login's environment,
# not the caller's.
exec ip netns exec "as$tag-\${host##*.}" env -i PATH="\$PATH" HOME="\$HOME" bash -c "\$*"
SSH
  chmod +x "$fake/ssh"
  PATH="$fake:$PATH" "$exe" "${@:5}"
  status=$?
  rm -rf "$fake"
  exit $status
fi
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
