// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s
// The values of the options are typed: a duration for within:, integers
// for count: and from:. Clang's errors point at the option.
#include <chrono>
#include <aspen/runtime.h>

Module Main is Root requires Module Take {
  void initialize() {
    Take t;
    flow:
      t ||| t;
  }
}

Module Take {
  void run() {
// CHECK: fail_receive_types.asp:[[@LINE+1]]:22: error: 'within:' takes a std::chrono duration, such as std::chrono::milliseconds(5) or 5ms
    dequeue(default, within: 5);
// CHECK: fail_receive_types.asp:[[@LINE+1]]:22: error: 'count:' takes an integer
    dequeue(default, count: 2.5);
  }
}
