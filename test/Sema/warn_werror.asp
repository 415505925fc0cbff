// RUN: not %aspenc --Werror --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %aspenc -w --dump-graph %s 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=error: --implicit-check-not=warning:
// --Werror turns a connectivity warning into an error; -w silences it.
Module Main is Root requires Module Worker {
  void initialize() {
// CHECK: warn_werror.asp:[[@LINE+1]]:18: error: 'spare' is never connected to anything{{$}}
    Worker a, b, spare;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }
// QUIET: {{^}}Program Main{{$}}
