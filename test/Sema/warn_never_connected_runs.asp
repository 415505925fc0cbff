// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// Unconnected elements that are not adjacent are listed as runs, and a
// single instance is named plainly.
Module Main is Root requires Module Worker {
  void initialize() {
// CHECK: warn_never_connected_runs.asp:[[@LINE+2]]:12: warning: 'p[0], p[2:3], p[5]' is never connected to anything{{$}}
// CHECK: warn_never_connected_runs.asp:[[@LINE+1]]:18: warning: 'lonely' is never connected to anything{{$}}
    Worker p[6], lonely;
    flow:
      p[1] ||| p[4];
  }
}
Module Worker { void run() { } }
// CHECK: {{^}}Program Main{{$}}
