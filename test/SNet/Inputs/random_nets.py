#!/usr/bin/env python3
"""random_nets.py ASPENC WORKDIR --seed S --count N

Differential test of the S-Net engine's route cache (docs/runtime.md,
"Routes replayed"): writes N random networks, each built from serial and
parallel composition, star, split, feedback, their deterministic forms,
filters with and without conditions, typed dispatch, and star-of-cell
merges, compiles each with ASPENC, and runs it four times: routes replayed
and walked (ASPEN_SNET_ROUTES=1 and 0), on one worker and on two. Every run
must print the same count and digest of the records that leave (an
order-free sum over their labels and values) and the same firing and
dispatch counts (ASPEN_STATS). Every other network's signature names its
input types; the others are typed by inference, which must find the
labels (the splits' <id> deep inside) that arrive by flow inheritance. Prints one line per network and a summary;
exits 1 at the first disagreement, with the network and both outputs.

Every sub-network accepts any record with {x, <n>} and makes records with
at least {x, <n>}, so any composition is well typed. Stars and feedback
loops run Dec, which lowers <n>, every round, and the other boxes never
raise it, so every loop ends. Synchro-cells are met only in one idiom,
Fork .. (([| {x, <a>}, {y} |] * {x, y}) ! <id>) .. Join: Fork makes the
pair, consecutive in its output stream, so what merges with what does not
depend on timing. One network in three is put inside a deterministic
`||` whose other branch nothing takes, with an <id> per input: its output
must then also keep the order of the inputs they descend from.
"""
import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "Inputs"))
from digest import SINK_MIX  # noqa: E402

BOXES = r"""
Module Inc is Box ({x, <n>} -> {x, <n>}) {
  void box(long x, long n) { emit<1>((x * 3 + 1) % 1000003, n); }
}
Module Dec is Box ({x, <n>} -> {x, <n>}) {
  void box(long x, long n) { emit<1>(x + n + 1, n - 1); }
}
Module Dup is Box ({x, <n>} -> {x, <n>} | {x, <n>, <a>}) {
  void box(long x, long n) {
    emit<1>(x, n);
    if (x % 3 == 0)
      emit<2>(x + 7, n, x % 5);
  }
}
Module Drop is Box ({x, <n>} -> {x, <n>}) {
  void box(long x, long n) {
    if (x % 7 != 3)
      emit<1>(x ^ 5, n);
  }
}
Module UseA is Box ({x, <n>, <a>, <id>} -> {x, <n>, <id>}) {
  void box(long x, long n, long a, long id) { emit<1>(x * 11 + a, n, id); }
}
Module UseZ is Box ({x, <n>, <z>} -> {x, <n>}) {
  void box(long x, long n, long z) { emit<1>(x + z, n); }
}
Module MarkB is Box ({x} -> {x, <b>}) {
  void box(long x) { emit<1>(x + 1, x % 4); }
}
Module Fork is Box ({x, <n>} -> {x, <n>, <a>} | {y, <n>}) {
  void box(long x, long n) {
    emit<1>(x, n, 2);
    emit<2>(x % 97, n);
  }
}
Module Join is Box ({x, y, <n>} -> {x, <n>}) {
  void box(long x, long y, long n) { emit<1>(x * 7 + y, n); }
}
"""

MAIN = r"""
#include <algorithm>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| R ||| sink;
  }
}

Module Src {
  void run() {
    for (long i = 0; i < %(inputs)d; ++i) {
      auto *r = new aspen::snet::Record();
      r->field("x", (i * 7919) %% 1009).tag("n", i %% %(depth)d).tag("id", i %% %(ids)d);
      if (i %% 3 == 1)
        r->tag("a", i %% 4);
      send r;
    }
  }
}

Module Sink {
%(mix)s  void run() {
    uint64_t sum = 0, count = 0;
    long last = -1, broken = -1;
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      // Under a deterministic combinator at the top, with an <id> per
      // input: what one input gives leaves before what a later one gives.
      if (%(ordered)d && r.tag("id") < last && broken < 0)
        broken = last;
      last = std::max(last, r.tag("id"));
      uint64_t h = mix(uint64_t(r.get<long>("x")));
      h = mix(h ^ uint64_t(r.tag("n")));
      for (const char *t : {"id", "a", "b", "c"})
        h = mix(h ^ (r.hasTag(t) ? uint64_t(r.tag(t)) + 1 : 0));
      h = mix(h ^ r.hasField("y"));
      sum += h;
      ++count;
    }
    std::printf("records %%llu digest %%016llx\n", (unsigned long long)count,
                (unsigned long long)sum);
    if (broken >= 0)
      std::printf("out of input order after id %%ld\n", broken);
  }
}
"""

FILTERS = [
    "[{<n>} -> if <n % 2 == 0> then {<n>, <c = n + 1>} else {<n>}]",
    "[{x} -> {x}; {x, <a = 3>}]",
    "[{<n>} -> if <n > 1> then {<n = n - 1>} else {<n>}]",
    "[{x, <n>} -> {x, <n>}]",
]

LEAVES = ["Inc", "Dec", "Dup", "Drop", "MarkB"]


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.dups = 0  # record-making forms: bounded, so runs stay small

    def leaf(self):
        r = self.r
        if r.random() < 0.3:
            f = r.choice(FILTERS)
            if "; " in f:
                if self.dups >= 2:
                    return "Inc"
                self.dups += 1
            return f
        b = r.choice(LEAVES)
        if b == "Dup":
            if self.dups >= 2:
                return "Inc"
            self.dups += 1
        return b

    def par(self, op, d):
        # Dispatch by record type (aspenc refuses branches that match a
        # type equally well): records with <a> score 4 on UseA's branch,
        # the others take Inc's, which scores 2, or 3 when a split on <id>
        # inside it takes <id> into its type.
        return "((UseA .. %s) %s (Inc .. %s))" % (self.net(d - 1), op,
                                                  self.net(d - 1))

    def net(self, d):
        r = self.r
        if d == 0:
            return self.leaf()
        k = r.choice(["leaf", "serial", "serial", "par", "star", "split",
                      "feedback", "sync", "det"])
        if k == "leaf":
            return self.leaf()
        if k == "serial":
            return "%s .. %s" % (self.net(d - 1), self.net(d - 1))
        if k == "par":
            return self.par("|", d)
        if k == "star":
            # Sometimes a second exit pattern, unguarded, that no record
            # matches, before or after the guarded one.
            return "((Dec .. %s) * %s)" % (self.net(d - 1), r.choice(
                ["{<n>} if (n <= 0)", "{<z>}, {<n>} if (n <= 0)",
                 "{<n>} if (n <= 0), {x, <z>}"]))
        if k == "split":
            return "((%s) ! <%s>)" % (self.net(d - 1), r.choice(["id", "n"]))
        if k == "feedback":
            return "((Dec .. %s) \\ %s)" % (self.net(d - 1), r.choice(
                ["{<n>} if (n > 0)", "{<z>}, {<n>} if (n > 0)"]))
        if k == "sync":
            return ("(Fork .. (([| {x, <a>}, {y} |] * {x, y}) ! <id>) .. Join)")
        # The deterministic forms.
        j = r.choice(["par", "star", "split"])
        if j == "par":
            return self.par("||", d)
        if j == "star":
            return "((Dec .. %s) ** {<n>} if (n <= 0))" % self.net(d - 1)
        return "((%s) !! <%s>)" % (self.net(d - 1), r.choice(["id", "n"]))


def program(net, inputs, depth, ids, ordered, signed=True):
    if ordered:
        # No record has <z>: every one takes the second branch, and `||`
        # gives the network's output its input order.
        net = "((UseZ .. Inc) || (Inc .. %s))" % net
    return ("// Generated by random_nets.py.\n#include <cstdint>\n"
            "#include <cstdio>\n#include <aspen/runtime.h>\n"
            "#include <aspen/snet.h>\n\n"
            "net R%s\n  connect %s;\n" % (
                " ({x, <n>, <id>} | {x, <n>, <id>, <a>} -> {x, <n>})"
                if signed else "", net) +
            BOXES + MAIN % {"inputs": inputs, "depth": depth, "ids": ids,
                            "mix": SINK_MIX,
                            "ordered": int(ordered)})


COUNTS = re.compile(r"^\s+(box|filter|parallel|star|split|feedback|"
                    r"synchro|network)\b.*$", re.M)


def observe(exe, routes, workers):
    env = dict(os.environ, ASPEN_SNET_ROUTES=routes, ASPEN_WORKERS=workers,
               ASPEN_STATS="1")
    p = subprocess.run([exe], env=env, capture_output=True, text=True,
                       timeout=120)
    if p.returncode != 0:
        return "exit %d\n%s%s" % (p.returncode, p.stdout, p.stderr)
    counts = sorted(m.group(0).strip() for m in COUNTS.finditer(p.stderr))
    return p.stdout + "\n".join(counts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("aspenc")
    ap.add_argument("workdir")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--depth", type=int, default=4)
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    total = 0
    for i in range(a.count):
        rng = random.Random(a.seed * 100003 + i)
        net = Gen(rng).net(a.depth)
        src = os.path.join(a.workdir, "net%d.asp" % i)
        exe = os.path.join(a.workdir, "net%d" % i)
        with open(src, "w") as f:
            # One network in three keeps its input order (ids unique).
            ordered = i % 3 == 2
            ids = 300 if ordered else rng.choice([7, 50, 300])
            # Every other network has no signature: its type is inferred,
            # labels that arrive by flow inheritance included.
            f.write(program(net, 300, 4, ids, ordered, signed=i % 2 == 0))
        c = subprocess.run([a.aspenc, src, "-o", exe], capture_output=True,
                           text=True)
        if c.returncode != 0:
            print("net %d does not compile: %s\n%s" % (i, net, c.stderr))
            return 1
        runs = {(ro, w): observe(exe, ro, w)
                for ro in ("1", "0") for w in ("1", "2")}
        base = runs[("1", "1")]
        for key, out in runs.items():
            if (out != base or not base.startswith("records") or
                    "out of input order" in out):
                print("net %d: %s\nroutes=1 workers=1:\n%s\nroutes=%s "
                      "workers=%s:\n%s" % (i, net, base, key[0], key[1], out))
                return 1
        total += int(base.split()[1])
        print("net %d agrees: %s" % (i, base.splitlines()[0]))
    print("%d networks agree, %d records out in all" % (a.count, total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
