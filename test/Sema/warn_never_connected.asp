// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// p[1] and p[2] take part in no flow; they are named together as one
// slice.
Module Main is Root requires Module Worker {
  void initialize() {
// CHECK: warn_never_connected.asp:[[@LINE+1]]:12: warning: 'p[1:2]' is never connected to anything{{$}}
    Worker p[4];
    flow:
      p[0] ||| p[3];
  }
}
Module Worker { void run() { } }
// CHECK: {{^}}Program Main{{$}}
