// RUN: %aspenc %s -o %t
// RUN: not %t 2>&1 | FileCheck %s
// A payload that is not a record, sent into a network, is an error naming
// the network's place and the payload's type.
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: PayloadTypeError: the network at {{.*}}fail_network_input_not_record.asp:[[@LINE+1]]:15 received a payload of type 'aspen::ArrayPayload<int>'; networks take aspen::snet::Record payloads
      src ||| Pass ||| sink;
  }
}

Module Pass is Box ({a} -> {a}) { void box(int a) { emit<1>(a); } }
Module Src { void run() { send new aspen::ArrayPayload<int>(3); } }
Module Sink { void run() { while (dequeue()) {} } }
