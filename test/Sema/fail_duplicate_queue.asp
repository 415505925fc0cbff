// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A queue name may appear only once among a module's output queues, even
// across two 'Output Queue is' lines.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a, b;
    flow:
      a.results ||| b;
  }
}
Declare Module Worker {
  Output:
    Output Queue is results, log;
// CHECK: fail_duplicate_queue.asp:[[@LINE+1]]:21: error: queue 'results' is declared twice in module 'Worker'{{$}}
    Output Queue is results;
}
Module Worker { void run() { } }
