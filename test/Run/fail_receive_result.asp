// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s
// The extended forms of dequeue return a Received, not an element: taking
// it as one is an error at the call.
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
// CHECK: fail_receive_result.asp:[[@LINE+1]]:18: error: no viable conversion from 'Received' (aka 'aspen::Received') to 'QueueElement'
    QueueElement e = dequeue(default, within: std::chrono::seconds(1));
  }
}
