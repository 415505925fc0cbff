// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error:
// 'place' takes instances; a queue after one is an error (before, it was
// ignored, even a queue the module does not have).
Module Main is Root requires Module W {
  void initialize() {
    W k, w[2];
// CHECK: fail_place_queue.asp:[[@LINE+1]]:13: error: 'place' puts instances on nodes, not queues: write 'k' without '.nosuchqueue'
    place k.nosuchqueue on 1;
// CHECK: fail_place_queue.asp:[[@LINE+1]]:18: error: 'place' puts instances on nodes, not queues: write 'w' without '.out'
    place w[0:1].out on 0;
    flow:
      k ||| w;
  }
}
Module W { void run() {} }
