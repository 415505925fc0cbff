# netlab-slurm.sh: sourced by scripts/netlab for --slurm. Starts a real
# Slurm cluster on the netlab hosts: munged (a key made for this run),
# slurmctld in host 1, one slurmd per host (NodeName n1 .. nN, NETLAB_CPUS
# cpus each, default 2), each on its host's CPUs, and waits until every node is idle. Exports
# SLURM_CONF. Uses: dir ns addrs hosts pids (from netlab).

for d in munged slurmctld slurmd srun sinfo; do
  if ! command -v "$d" >/dev/null && [ ! -x "/usr/sbin/$d" ]; then
    echo "netlab: error: --slurm needs Slurm and MUNGE (apt-get install slurm-wlm munge): no $d" >&2
    return 77
  fi
done
sl="$dir/slurm"
mkdir -p "$sl/state" "$sl/log"
chmod 755 "$dir" "$sl"
dd if=/dev/urandom of="$sl/munge.key" bs=1024 count=1 status=none
chmod 400 "$sl/munge.key"
/usr/sbin/munged --force --key-file="$sl/munge.key" --socket="$sl/munge.sock" \
  --pid-file="$sl/munged.pid" --log-file="$sl/log/munged.log" \
  --seed-file="$sl/munged.seed" 2>"$sl/log/munged.err" || {
  echo "netlab: error: munged did not start: $(cat "$sl/log/munged.err")" >&2
  return 1
}
munge_pid=$(cat "$sl/munged.pid")
pids+=("$munge_pid")
cpus=${NETLAB_CPUS:-2}
{
  echo "ClusterName=netlab$tag"
  echo "SlurmctldHost=$(hostname -s)(${addrs[0]})"
  echo "SlurmUser=$(id -un)"
  echo "SlurmdUser=$(id -un)"
  echo "AuthType=auth/munge"
  echo "CredType=cred/munge"
  echo "AuthInfo=socket=$sl/munge.sock"
  echo "StateSaveLocation=$sl/state"
  echo "SlurmdSpoolDir=$sl/spool-%n"
  echo "SlurmctldPidFile=$sl/slurmctld.pid"
  echo "SlurmdPidFile=$sl/slurmd-%n.pid"
  echo "SlurmctldLogFile=$sl/log/slurmctld.log"
  echo "SlurmdLogFile=$sl/log/slurmd-%n.log"
  echo "ProctrackType=proctrack/linuxproc"
  echo "TaskPlugin=task/none"
  echo "JobAcctGatherType=jobacct_gather/none"
  echo "AccountingStorageType=accounting_storage/none"
  echo "MpiDefault=none"
  echo "SwitchType=switch/none"
  echo "SchedulerType=sched/builtin"
  echo "SelectType=select/cons_tres"
  echo "SelectTypeParameters=CR_CPU"
  echo "ReturnToService=2"
  echo "SlurmctldTimeout=30"
  echo "SlurmdTimeout=30"
  echo "InactiveLimit=0"
  echo "KillWait=5"
  echo "MinJobAge=30"
  echo "SlurmctldParameters=enable_configless"
  for i in $(seq 1 "$hosts"); do
    echo "NodeName=n$i NodeAddr=${addrs[$((i - 1))]} NodeHostname=n$i CPUs=$cpus State=UNKNOWN"
  done
  echo "PartitionName=lab Nodes=ALL Default=YES MaxTime=INFINITE State=UP"
} > "$sl/slurm.conf"
# Beside slurm.conf, where Slurm looks for it. Only process tracking and
# no confinement are configured, but slurmd still loads a cgroup plugin:
# name the hierarchy this machine has mounted.
if [ -d /sys/fs/cgroup/freezer ]; then
  printf 'CgroupPlugin=cgroup/v1\nCgroupMountpoint=/sys/fs/cgroup\n' > "$sl/cgroup.conf"
else
  printf 'CgroupPlugin=autodetect\n' > "$sl/cgroup.conf"
fi
export SLURM_CONF="$sl/slurm.conf"
ip netns exec "${ns[0]}" taskset -c "$(cpus_of 1)" /usr/sbin/slurmctld -D -i -f "$SLURM_CONF" \
  > "$sl/log/slurmctld.out" 2>&1 &
started $!
for i in $(seq 1 "$hosts"); do
  ip netns exec "${ns[$((i - 1))]}" taskset -c "$(cpus_of "$i")" \
    /usr/sbin/slurmd -D -N "n$i" -f "$SLURM_CONF" \
    > "$sl/log/slurmd-n$i.out" 2>&1 &
  started $!
done
up=0
for _ in $(seq 1 300); do
  states=$(ip netns exec "${ns[0]}" sinfo -h -N -o '%t' 2>/dev/null | sort -u | tr '\n' ' ')
  if [ "$states" = "idle " ]; then up=1; break; fi
  sleep 0.1
done
if [ $up = 0 ]; then
  echo "netlab: error: the Slurm nodes did not become idle (states: ${states:-none}); logs:" >&2
  tail -n 5 "$sl"/log/*.log "$sl"/log/*.out >&2 2>/dev/null
  return 1
fi
