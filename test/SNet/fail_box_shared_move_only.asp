// RUN: %aspenc %s -o %t
// RUN: not %t 2> %t.err
// RUN: FileCheck %s < %t.err
// A box may take a move-only value by value only when its record holds the
// field alone; here a filter has made it a second label's too, so the value
// can neither move (the other label still reads it) nor be copied.
#include <memory>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| [ {u} -> {u, v = u} ] .. Take ||| sink;
  }
}

Module Take is Box ({u} -> {<n>}) {
  void box(std::unique_ptr<int> u) { emit<1>(long(*u)); }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->field("u", std::make_unique<int>(1));
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      (void)q;
  }
}
// CHECK: aspen: error: instance '{{.*}}' (a network) threw aspen::PayloadTypeError: box 'Take' at {{.*}}fail_box_shared_move_only.asp:16:40: field 'u' is shared with another label or record (a filter or flow inheritance copied it) and its type cannot be copied: take it by const reference
