// RUN: %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// box() takes the input's labels by position; a parameter named after
// another label of the signature is most likely a swap (two tags: the
// types cannot tell). Names that are no label, and the right names, are
// fine.
#include <aspen/snet.h>

Module Swapped is Box ({<x>, <k>} -> {<y>}) {
// CHECK: box-param-names.asp:[[@LINE+2]]:17: warning: box() parameter 1 is named 'k' but takes the label 'x': parameters take the input's labels in the order of the signature, where 'k' is label 2
// CHECK: box-param-names.asp:[[@LINE+1]]:25: warning: box() parameter 2 is named 'x' but takes the label 'k': parameters take the input's labels in the order of the signature, where 'x' is label 1
  void box(long k, long x) { emit<1>(x * k); }
}

Module Right is Box ({a, <k>} -> {b}) {
  void box(const std::vector<int> &a, long k = 0) { emit<1>(a[0] * k); }
}

Module Other is Box ({a, <k>} -> {b}) {
  void box(std::pair<int, int> first, long second) { emit<1>(first.first); }
}

net N connect Swapped;
net M connect Right .. [{b} -> {a = b, <k = 1>}] .. Other;

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| M ||| sink;
  }
}
Module Src { void run() { } }
Module Sink { void run() { while (dequeue()) { } } }
