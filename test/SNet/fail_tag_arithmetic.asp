// RUN: %aspenc -w %s -o %t
// RUN: env D=0 not %t 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: env D=-1 N=-9223372036854775808 not %t 2>&1 | FileCheck %s --check-prefix=OVER
// RUN: env D=1 G=0 not %t 2>&1 | FileCheck %s --check-prefix=GUARD
// Tag arithmetic that has no value stops the program with an error naming
// the filter or guard and where it is (before: SIGFPE with no message, or
// a wrapped value).
#include <cstdlib>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// DIV: aspen: error: {{.*}}TagError: the filter at {{.*}}fail_tag_arithmetic.asp:[[@LINE+2]]:15: division by zero: 7 / 0
// OVER: aspen: error: {{.*}}TagError: the filter at {{.*}}fail_tag_arithmetic.asp:[[@LINE+1]]:15: the value of -9223372036854775808 / -1 does not fit in a tag (64 bits)
      src ||| [ {<n>, <d>, <g>} -> {<q = n / d>, <g>} ]
// GUARD: aspen: error: {{.*}}TagError: the guard '((10 % g) == 0)' at {{.*}}fail_tag_arithmetic.asp:[[@LINE+1]]:27: remainder by zero: 10 % 0
          .. ([ {<g>} if (10 % g == 0) -> {<g>} ] * {<g>} if (g > 5)) ||| sink;
  }
}

Module Src {
  void run() {
    auto num = [](const char *v, long dflt) { return v ? std::atol(v) : dflt; };
    auto *r = new aspen::snet::Record();
    r->tag("n", std::getenv("N") ? std::strtol(std::getenv("N"), nullptr, 10) : 7);
    r->tag("d", num(std::getenv("D"), 1)).tag("g", num(std::getenv("G"), 10));
    send r;
  }
}

Module Sink {
  void run() {
    while (dequeue()) {
    }
  }
}
