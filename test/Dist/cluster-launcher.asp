// UNSUPPORTED: netlab
// (Not on a netlab: starts its nodes itself, on this host, as a cluster launcher would (test/Cluster runs srun and mpirun across hosts).)
// RUN: %aspenc %s --hostfile %S/Inputs/nodes4 -o %t
// RUN: %python %S/Inputs/cluster_launch.py slurm 4 %t | FileCheck %s
// RUN: %python %S/Inputs/cluster_launch.py ompi 4 %t | FileCheck %s
// RUN: %python %S/Inputs/cluster_launch.py pmi 4 %t | FileCheck %s
// Without a job secret a node refuses to start (before: it made one of the
// program and the job id, which any local user can read), naming the fix.
// RUN: env CLUSTER_SECRET= not %python %S/Inputs/cluster_launch.py slurm 2 %t 2>&1 | FileCheck %s --check-prefix=NOSECRET
// NOSECRET: aspen: error: node '127.0.0.{{[12]}}' was started without ASPEN_JOB_SECRET: export the same 32 hexadecimal digits to every node of the job (as `export ASPEN_JOB_SECRET=$(openssl rand -hex 16)` before srun or mpirun does)
// A job secret that is not 32 hex digits is refused, not weakened.
// RUN: env SLURM_PROCID=0 SLURM_NTASKS=4 SLURM_JOB_ID=7 ASPEN_JOB_SECRET=zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz %python %S/Inputs/status.py 2 %t 2>&1 | FileCheck %s --check-prefix=SECRET
// RUN: env SLURM_PROCID=0 SLURM_NTASKS=4 SLURM_JOB_ID=7 ASPEN_JOB_SECRET=0123 %python %S/Inputs/status.py 2 %t 2>&1 | FileCheck %s --check-prefix=SECRET
// A node that cannot listen (its port taken) stops with status 2, as the
// launcher does when it cannot bind a node's socket (before: 6, the status
// of a peer that never came).
// RUN: %python %S/Inputs/port_taken.py 4 %t | FileCheck %s --check-prefix=PORT
// PORT: aspen: error: node '127.0.0.1': cannot listen on 127.0.0.1:{{[0-9]+}}: Address already in use
// PORT: exit status 2
// Nodes started by a cluster launcher (srun, mpirun: only a rank in the
// environment) find each other, run the program, and take their share of
// this machine's cores as aspen's own launcher gives it: the same worker
// counts and pinning, not every node on all cores from core 0.
// RUN: env ASPEN_STATS=1 %t 2>&1 | grep "aspen: stats" | sed -e 's/^\[127.0.0.\([0-9]\)\]/\1/' -e 's/ [0-9.]* s,//' | sort > %t.ours
// RUN: env ASPEN_STATS=1 %python %S/Inputs/cluster_launch.py slurm 4 %t | grep "aspen: stats" | sed -e 's/^\[\([0-9]\)\]/\1/' -e 's/ [0-9.]* s,//' | awk '{ $1 = $1 + 1; print }' | sort > %t.theirs
// RUN: diff %t.ours %t.theirs
// RUN: FileCheck %s --check-prefix=STATS < %t.theirs
// A cluster launcher that binds each rank to a core (srun --cpu-bind,
// mpirun --bind-to core) has placed it: the node keeps to that core.
// (Ranks 0 and 1 go on the first two CPUs this test may use.)
// RUN: env ASPEN_STATS=1 %python %S/Inputs/cluster_launch.py --bind ompi 4 %t 2>&1 | FileCheck %s --check-prefix=BOUND
// Under taskset, aspen's own launcher divides only the cores it was given:
// two nodes on one CPU share it, neither pinned to another.
// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t2
// RUN: env ASPEN_STATS=1 taskset -c 0 %t2 2>&1 | FileCheck %s --check-prefix=TASKSET
// Two nodes, as many as this machine may have cores: the same placement
// both ways again (on two cores, one pinned to each, neither yielding).
// RUN: env ASPEN_STATS=1 %t2 2>&1 | grep "aspen: stats" | sed -e 's/^\[127.0.0.\([0-9]\)\]/\1/' -e 's/ [0-9.]* s,//' | sort > %t2.ours
// RUN: env ASPEN_STATS=1 %python %S/Inputs/cluster_launch.py pmi 2 %t2 | grep "aspen: stats" | sed -e 's/^\[\([0-9]\)\]/\1/' -e 's/ [0-9.]* s,//' | awk '{ $1 = $1 + 1; print }' | sort > %t2.theirs
// RUN: diff %t2.ours %t2.theirs
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[8];
    Reduce r;
    flow:
      w ||| r(sum) ||| w;
  }
}

Module W {
  void run() {
    long bad = 0;
    for (long round = 0; round < 100; ++round) {
      send new ArrayPayload<double>(
          std::vector<double>{double(instanceIndex() + round)});
      QueueElement q = dequeue();
      double *s = getPayload(q);
      if (s[0] != 28 + 8.0 * round)
        ++bad;
    }
    std::printf("w[%d]: 100 rounds, %ld wrong\n", instanceIndex(), bad);
  }
}
// CHECK-DAG: [0] w[0]: 100 rounds, 0 wrong
// CHECK-DAG: [1] w[2]: 100 rounds, 0 wrong
// CHECK-DAG: [3] w[7]: 100 rounds, 0 wrong
// CHECK-NOT: error
// STATS: 1 aspen: stats: 16 instances, {{[0-9]+}} edges, {{[0-9]+}} worker
// STATS: 4 aspen: stats: 16 instances
// BOUND-DAG: [0] w[0]: 100 rounds, 0 wrong
// BOUND-DAG: [0] aspen: stats: 16 instances, {{[0-9]+}} edges, {{.*}} s, 1 worker pinned to CPU 0
// BOUND-DAG: [1] aspen: stats: 16 instances, {{[0-9]+}} edges, {{.*}} s, 1 worker pinned to CPU 1
// TASKSET-DAG: [127.0.0.1] w[0]: 100 rounds, 0 wrong
// TASKSET-DAG: [127.0.0.1] aspen: stats: {{.*}} s, 1 worker, not pinned
// TASKSET-DAG: [127.0.0.2] aspen: stats: {{.*}} s, 1 worker, not pinned
// SECRET: aspen: error: ASPEN_JOB_SECRET must be 32 hexadecimal digits
