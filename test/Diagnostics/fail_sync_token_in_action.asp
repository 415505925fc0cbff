// RUN: not %aspenc %s 2>&1 | FileCheck %s
// '[|' is not C++; inside an action module it is unexpected there, and the
// message must not list what the top level of a file may hold.
Module Worker {
  void run() {
// CHECK: fail_sync_token_in_action.asp:[[@LINE+1]]:14: error: unexpected '[|' in action module{{$}}
    int x = a[|1|];
  }
}
