// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Records leaving Gen are {a}; the parallel replication '!<k>' needs <k> to
// pick a replica, and Gen consumes it, so it cannot come from the input.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
// CHECK: fail_split_tag_missing.asp:[[@LINE+1]]:22: error: split on tag <k>, which records of type {a} entering it do not carry{{$}}
net N connect Gen .. Work ! <k>;
Module Gen is Box ({x, <k>} -> {a}) { void box() { } }
Module Work is Box ({a} -> {b}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
