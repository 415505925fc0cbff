// RUN: not %aspenc %s 2>&1 | FileCheck %s
// dequeue() takes a queue name, not a number.
Module Consumer {
  void run() {
// CHECK: fail_dequeue_bad_queue.asp:[[@LINE+1]]:30: error: '1' is not a queue name; queues are named by identifiers{{$}}
    QueueElement q = dequeue(1);
  }
}
