// RUN: not %aspenc %s 2>&1 | FileCheck %s
// An input queue declared under the 'Output:' label.
Declare Module Router {
  Output:
    Output Queue is left;
// CHECK: fail_queue_under_wrong_label.asp:[[@LINE+1]]:5: error: 'Input Queue' declared under 'Output:'{{$}}
    Input Queue is data;
}
