#!/usr/bin/env python3
"""random_flows.py ASPENC HOSTFILE WORKDIR --seed S --count N

Random flow graphs, run on one worker, on two, and as node processes of
HOSTFILE with every instance placed on a node at random, against what the
graph must give, computed here. Each program is a chain of stages: a
vector of sources, then layers of action modules, each a vector of 1 to
3 instances of its own module, then one sink. A layer maps each value
(an affine map modulo a prime), may drop some, send a second value for
some, and send some on a second output queue to a later stage instead of
the next, to its second input queue where it has one, which it reads
together with its first through a choice (CCR's receive forms: some with a
deadline it waits past; other layers take several elements at once, or the
next element of any sender); some layers reach the next through a
Broadcast, which gives each of its elements every value. Equal-length vectors are connected element by element, others
all to all, and an output queue with several targets deals round-robin
(docs/language.md, 3.11): where a value goes changes with the placement
and the timing, but not what the sink receives. The sink prints the
number of values and an order-free digest; every run must print what this
script computes. Prints one line per program and a summary; exits 1 at
the first disagreement.
"""
import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "Inputs"))
from digest import MASK, SINK_MIX, mix  # noqa: E402

M = 1000003


class Layer:
    def __init__(self, r, i, layers, extras):
        self.i = i
        self.size = r.choice([1, 1, 2, 3])
        self.a, self.b = r.randrange(2, 97), r.randrange(0, 1000)
        self.drop = r.choice([0, 0, 5, 7])      # x % drop == 1 is dropped
        self.dup = r.choice([0, 0, 3, 4])       # x % dup == 0 also sends x + 1
        # A second input queue, `extra`, whose values are moved by 7 first.
        self.extra = i in extras
        # How it receives: plain dequeue, a choice of both queues (with a
        # deadline that it waits past), several elements at once, or the
        # next element of any sender, saying whose.
        self.reader = (r.choice(["choice", "within"]) if self.extra else
                       r.choice(["plain", "plain", "count", "any"]))
        # Values with x % 6 == 2 go on `side` to a later stage (the sink
        # is stage `layers`), to its `extra` queue when it has one.
        # The next stage only through its `extra` queue, which then ends
        # with the default one (a choice that stopped at the first end
        # would lose what is left of the other).
        self.side = None
        if i + 1 <= layers and r.random() < 0.5:
            j = r.randrange(i + 1, layers + 1)
            if j > i + 1 or j in extras:
                self.side = j

    def apply(self, x, extra):
        x = ((x + 7 if extra else x) * self.a + self.b) % M
        if self.drop and x % self.drop == 1:
            return [], []
        main = [x] + ([x + 1] if self.dup and x % self.dup == 0 else [])
        if self.side is not None:
            return ([v for v in main if v % 6 != 2],
                    [v for v in main if v % 6 == 2])
        return main, []

    def module(self):
        side = self.side is not None
        put = ("    auto put = [&](long v) {\n"
               "      if (v % 6 == 2)\n"
               "        send new ArrayPayload<long>(&v, 1) on side;\n"
               "      else\n"
               "        send new ArrayPayload<long>(&v, 1);\n"
               "    };\n" if side else
               "    auto put = [&](long v) { send new ArrayPayload<long>(&v, 1); };\n")
        step = ("    auto step = [&](long x, bool extra) {\n"
                "      x = ((extra ? x + 7 : x) * %d + %d) %% %d;\n" % (self.a, self.b, M) +
                ("      if (x %% %d == 1)\n        return;\n" % self.drop
                 if self.drop else "") +
                "      put(x);\n" +
                ("      if (x %% %d == 0)\n        put(x + 1);\n" % self.dup
                 if self.dup else "") +
                "    };\n")
        value = "*static_cast<long *>(getPayload(%s))"
        loop = {
            "plain": "    while (QueueElement e = dequeue())\n"
                     "      step(%s, false);\n" % (value % "e"),
            "choice": "    while (Received r = dequeue(default | extra))\n"
                      "      step(%s, r.queue() == 1);\n" % (value % "r"),
            "within": "    for (;;) {\n"
                      "      Received r = dequeue(default | extra, within: std::chrono::microseconds(200));\n"
                      "      if (r.timedOut())\n        continue;\n"
                      "      if (!r)\n        break;\n"
                      "      step(%s, r.queue() == 1);\n    }\n" % (value % "r"),
            "count": "    for (;;) {\n"
                     "      std::vector<QueueElement> v = dequeue(default, count: 3);\n"
                     "      if (v.empty())\n        break;\n"
                     "      for (QueueElement &e : v)\n"
                     "        step(%s, false);\n    }\n" % (value % "e"),
            "any": "    while (Received r = dequeue(default, from: any))\n"
                   "      if (r.sender() < 0 || !*r.senderName())\n"
                   "        std::printf(\"no sender\\n\");\n"
                   "      else\n"
                   "        step(%s, false);\n" % (value % "r"),
        }[self.reader]
        queues = []
        if self.extra:
            queues.append("Input Queue is extra;")
        if side:
            queues.append("Output Queue is side;")
        decl = ("Declare Module L%d { %s }\n" % (self.i, " ".join(queues))
                if queues else "")
        return (decl + "Module L%d {\n  void run() {\n" % self.i + put + step +
                loop + "  }\n}\n")


def program(r, values, nodes):
    nl = r.randrange(1, 5)
    extras = {i for i in range(1, nl) if r.random() < 0.6}
    layers = [Layer(r, i, nl, extras) for i in range(nl)]
    srcs = r.choice([1, 2, 3])
    # What the sink gets: values, each with whether it came on `extra`.
    inputs = [[] for _ in range(nl + 1)]
    inputs[0] = [(x, False) for x in range(values)]
    # A second source feeds one `extra` queue straight: that queue may end
    # before or after the layer's other one.
    second = r.choice(sorted(extras)) if extras and r.random() < 0.7 else None
    if second is not None:
        inputs[second] += [(x, True) for x in range(values, values + values // 2)]
    # Edges from layer i to the next through a Broadcast: every value
    # reaches every element of the next layer.
    bcast = {i for i in range(nl - 1) if r.random() < 0.25}
    for L in layers:
        copies = layers[L.i + 1].size if L.i in bcast else 1
        for x, extra in inputs[L.i]:
            main, side = L.apply(x, extra)
            inputs[L.i + 1] += [(v, False) for v in main] * copies
            if L.side is not None:
                to_extra = L.side < nl and layers[L.side].extra
                inputs[L.side] += [(v, to_extra) for v in side]
    got = [x for x, _ in inputs[nl]]
    digest = sum(mix(x) for x in got) & MASK

    name = lambda j: "k" if j == nl else "l%d" % j
    inst = "    Src s[%d];\n" % srcs
    if second is not None:
        inst += "    Src2 u;\n"
    inst += "".join("    L%d l%d[%d];\n" % (L.i, L.i, L.size) for L in layers)
    inst += "    Sink k;\n"
    place = ""
    if nodes > 1:
        refs = ["s[%d]" % k for k in range(srcs)] + (
            ["u"] if second is not None else []) + [
            "l%d[%d]" % (L.i, k) for L in layers for k in range(L.size)] + ["k"]
        place = "".join("    place %s on %d;\n" % (x, r.randrange(nodes))
                        for x in refs)
    flows = "      s ||| %s;\n" % " ||| ".join(
        name(j) + (" ||| Broadcast()" if j in bcast else "")
        for j in range(nl + 1))
    if second is not None:
        flows += "      u ||| l%d.extra;\n" % second
    flows += "".join("      l%d.side ||| %s%s;\n" % (
        L.i, name(L.side),
        ".extra" if L.side < nl and layers[L.side].extra else "")
        for L in layers if L.side is not None)
    src = ("// Generated by random_flows.py.\n#include <chrono>\n#include <cstdint>\n"
           "#include <cstdio>\n#include <vector>\n"
           "#include <aspen/runtime.h>\n\n"
           "Module Main is Root requires Module Src, %s%s Module Sink {\n"
           "  void initialize() {\n%s%s    flow:\n%s  }\n}\n\n" %
           ("Module Src2, " if second is not None else "",
            "".join("Module L%d, " % L.i for L in layers), inst, place, flows))
    src += ("Module Src2 {\n  void run() {\n"
            "    for (long v = %d; v < %d; ++v)\n"
            "      send new ArrayPayload<long>(&v, 1);\n  }\n}\n\n" %
            (values, values + values // 2))
    src += ("Module Src {\n  void run() {\n"
            "    for (long v = instanceIndex(); v < %d; v += instanceCount())\n"
            "      send new ArrayPayload<long>(&v, 1);\n  }\n}\n\n" % values)
    src += "".join(L.module() + "\n" for L in layers)
    src += "Module Sink {\n" + SINK_MIX + r"""  void run() {
    uint64_t sum = 0, count = 0;
    while (QueueElement e = dequeue()) {
      sum += mix(uint64_t(*static_cast<long *>(getPayload(e))));
      ++count;
    }
    std::printf("values %llu digest %016llx\n", (unsigned long long)count,
                (unsigned long long)sum);
  }
}
"""
    return src, "values %d digest %016x" % (len(got), digest)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("aspenc")
    ap.add_argument("hostfile")
    ap.add_argument("workdir")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--values", type=int, default=2000)
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    with open(a.hostfile) as f:
        nodes = len([l for l in f if l.strip() and not l.startswith("#")])
    for i in range(a.count):
        runs = []
        for n in (1, nodes):
            # The same graph both times: the placement draws come last.
            r = random.Random(a.seed * 100003 + i)
            src, want = program(r, a.values, n)
            base = os.path.join(a.workdir, "flow%d%s" % (i, "-nodes" if n > 1 else ""))
            with open(base + ".asp", "w") as f:
                f.write(src)
            cmd = [a.aspenc, base + ".asp", "-o", base]
            if n > 1:
                cmd[2:2] = ["--hostfile", a.hostfile]
            c = subprocess.run(cmd, capture_output=True, text=True)
            if c.returncode != 0:
                print("flow %d does not compile:\n%s" % (i, c.stderr))
                return 1
            envs = ([{"ASPEN_WORKERS": "1"}, {"ASPEN_WORKERS": "2"}] if n == 1
                    else [{"ASPEN_WORKERS": "1"}])
            for e in envs:
                p = subprocess.run([base], env=dict(os.environ, **e),
                                   capture_output=True, text=True, timeout=120)
                # A node's lines come with its name in front.
                got = re.sub(r"^\[[^]]*\] ", "", p.stdout.strip())
                runs.append(("%d node(s), %s" % (n, e), got, p.returncode, p.stderr))
        for what, got, rc, err in runs:
            if rc != 0 or got != want:
                print("flow %d (%s): want %s, got %r (exit %d)\n%s\n%s" %
                      (i, what, want, got, rc, err, base + ".asp"))
                return 1
        print("flow %d agrees: %s" % (i, want))
    print("%d flow graphs agree" % a.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
