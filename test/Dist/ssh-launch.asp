// REQUIRES: netns
// RUN: %aspenc %s --hostfile %S/Inputs/netns-ssh-hosts -o %t
// RUN: rm -f %t.ssh
// RUN: rm -f %t.pwned
// RUN: env ASPEN_SSH_LOG=%t.ssh ASPEN_STACK_SIZE=96k 'ASPEN_FORWARD_ENV=WEIRD,NOT_*' UNLISTED=1 %python %S/Inputs/hostile_env.py %t.pwned %S/Inputs/netns.sh %t 2 10.77.2 launch 'x y' -- '$HOME;' | FileCheck %s
// RUN: test ! -e %t.pwned
// RUN: FileCheck %s --check-prefix=ARGV < %t.ssh
// RUN: not grep -E '[0-9a-f]{32}' %t.ssh
// Hosts that are not this machine are started over ssh by the launcher
// (here an ssh that enters the host's network namespace): their output
// comes back prefixed with the node's name, and the job completes. The job
// secret goes on ssh's standard input, never on a command line another
// user could read in /proc. The program's arguments reach the remote
// node as they were given, through the remote shell, and so do the
// variables ASPEN_FORWARD_ENV names, whatever their value holds (quotes,
// $(...), backquotes, ; run nothing there), and no others.
// The ASPEN_* settings given to the launcher reach the remote node on its
// command line (ssh passes no environment on).
// ARGV: -o BatchMode=yes 10.77.2.2 cd {{.*}} && IFS= read -r ASPEN_JOB_SECRET && export ASPEN_JOB_SECRET && {{.*}}ASPEN_STACK_SIZE='96k' {{.*}}ASPEN_NODE=1 ASPEN_PEERS=
// ARGV-NOT: ASPEN_JOB_SECRET=
#include <cstdio>
#include <cstdlib>
#include <string>
#include <aspen/runtime.h>
Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b ||| a;
  }
}
Module A {
  void run() {
    long n = 41;
    send new ArrayPayload<long>(&n, 1);
    QueueElement q = dequeue();
    std::printf("a got %ld\n", *static_cast<long *>(getPayload(q)));
  }
}
Module B {
  void run() {
    QueueElement q = dequeue();
    std::string line = "b args:";
    for (const std::string &a : aspen::programArgs())
      line += " <" + a + ">";
    std::printf("%s\n", line.c_str());
    const char *Weird = std::getenv("WEIRD");
    std::printf("b WEIRD=<%s> UNLISTED %s\n", Weird ? Weird : "(unset)",
                std::getenv("UNLISTED") ? "set" : "unset");
    ++*static_cast<long *>(getPayload(q));
    send q;
  }
}
// CHECK-DAG: [10.77.2.1] a got 42
// CHECK-DAG: [10.77.2.2] b args: <x y> <$HOME;>
// CHECK-DAG: [10.77.2.2] b WEIRD=<a'b $(touch {{.*}}.pwned); c `touch {{.*}}.pwned` "d" \'e> UNLISTED unset
