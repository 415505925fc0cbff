// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A module may be listed only once in 'requires' (the 'Module' keyword is
// optional there, so both spellings name the same module).
// CHECK: fail_duplicate_required.asp:[[@LINE+1]]:45: error: module 'Worker' is listed twice in 'requires'{{$}}
Module Main is Root requires Module Worker, Worker {
  void initialize() {
    Worker a, b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }
