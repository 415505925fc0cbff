// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// The standard library's payloads cross nodes: here a Timer's ticks
// (TcpListen's requests and responses in webserver-on-nodes.test).
Module Main is Root requires Module Timer, Module Count {
  void initialize() {
    Timer t(1, 3);
    Count c;
    place t on 0;
    place c on 1;
    flow:
      t ||| c;
  }
}
Module Count {
  void run() {
    long sum = 0, n = 0;
    while (QueueElement q = dequeue()) {
      sum += getPayload<aspen::Tick>(q).number;
      ++n;
    }
    std::printf("%ld ticks, numbers adding up to %ld\n", n, sum);
  }
}
// CHECK: [127.0.0.2] 3 ticks, numbers adding up to 3
