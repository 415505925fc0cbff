// RUN: not %aspenc --dump-ast %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// The receive forms of dequeue misused: each error at the token that is
// wrong, one error per dequeue, none after it.
Declare Module Mixer {
  Input:
    Input Queue is data;
    Input Queue is control;
}
Module Mixer {
  void run() {
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:37: error: 'dequeue(data | control & data)' mixes '|' and '&': '|' takes the first element of any of the queues, '&' one element of each; use one of them
    auto a = dequeue(data | control & data);
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:29: error: queue 'data' is named twice in this dequeue; a queue has one place in a choice or a join
    auto b = dequeue(data | data);
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:28: error: 'timeout' is not an option of dequeue; the options are 'within:', 'count:' and 'from:'
    auto c = dequeue(data, timeout: 5);
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:35: error: 'count: 0': a receive takes at least one element
    auto d = dequeue(data, count: 0);
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:36: error: 'within: -std::chrono::seconds(1)': the duration is negative
    auto e = dequeue(data, within: -std::chrono::seconds(1));
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:38: error: 'from:' takes the next element of one sender on one queue, not a choice
    auto f = dequeue(data | control, from: 1);
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:28: error: 'count:' takes its elements from one queue, without 'within:' or 'from:'
    auto g = dequeue(data, count: 4, within: std::chrono::seconds(1));
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:14: error: a joined receive 'dequeue(a & b)' takes no options: it waits for one element of each queue
    auto h = dequeue(data & control, within: std::chrono::seconds(1));
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:37: error: 'from:' is given twice in this dequeue
    auto i = dequeue(data, from: 1, from: 2);
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:35: error: 'within:' needs a value, as in 'within: std::chrono::milliseconds(5)'
    auto j = dequeue(data, within:);
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:28: error: expected an option such as 'within: 5ms' after ',' in dequeue, got '5'
    auto k = dequeue(data, 5);
// CHECK: fail_receive_forms.asp:[[@LINE+1]]:22: error: 'data.x | control' is not a queue name; queues are named by identifiers
    auto l = dequeue(data.x | control);
  }
}
