// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %aspenc --dump-graph --root=Beta %s 2>&1 | FileCheck %s --check-prefix=BETA --implicit-check-not=error: --implicit-check-not=warning:
// Neither root requires the other, so either could be the program; --root
// chooses.
Module Alpha is Root requires Module Worker {
  void initialize() {
    Worker a, b;
    flow:
      a ||| b;
  }
}
// CHECK: fail_ambiguous_root.asp:[[@LINE+1]]:8: error: several root modules could be the main one (Alpha, Beta); choose one with --root=NAME{{$}}
Module Beta is Root requires Module Worker {
  void initialize() {
    Worker x[2], y;
    flow:
      x ||| y;
  }
}
Module Worker { void run() { } }
// BETA: {{^}}Program Beta{{$}}
// BETA-NEXT: {{^}}  Module Worker action{{$}}
// BETA-NEXT: {{^}}  Instance #0 x[0] : Worker [0 of 2]{{$}}
// BETA-NEXT: {{^}}  Instance #1 x[1] : Worker [1 of 2]{{$}}
// BETA-NEXT: {{^}}  Instance #2 y : Worker{{$}}
// BETA-NEXT: {{^}}  Edge x[0] -> y{{$}}
// BETA-NEXT: {{^}}  Edge x[1] -> y{{$}}
// BETA-NOT: {{.}}
