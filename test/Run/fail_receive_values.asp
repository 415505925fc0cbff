// RUN: %aspenc %s -o %t
// RUN: not %t negative 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %t absurd 2>&1 | FileCheck %s --check-prefix=ABSURD
// RUN: not %t zero 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %t sender 2>&1 | FileCheck %s --check-prefix=SENDER
// Values of the receive options that only the run knows: a negative or
// absurd duration, a count below one, a negative sender. Each ends the run
// naming the instance and the call site (the option's own line and
// column).
#include <chrono>
#include <string>
#include <aspen/runtime.h>

Module Main is Root requires Module Gen, Module Take {
  void initialize() {
    Gen g;
    Take t;
    flow:
      g ||| t;
  }
}

Module Gen { void run() { send new ArrayPayload<int>(1); } }

Module Take {
  void run() {
    std::string what = aspen::programArgs().at(0);
    long ms = what == "negative" ? -5 : 5, n = what == "zero" ? 0 : 1;
    if (what == "negative")
      dequeue(default, within: std::chrono::milliseconds(ms));
    if (what == "absurd")
      dequeue(default, within: std::chrono::hours(24 * 365 * 200));
    if (what == "zero")
      dequeue(default, count: n);
    if (what == "sender")
      dequeue(default, from: -n);
  }
}
// NEG: aspen: error: instance 't' (module Take) threw std::invalid_argument: {{.*}}fail_receive_values.asp:30:24: the duration of 'within:' is negative
// ABSURD: instance 't' (module Take) threw std::invalid_argument: {{.*}}fail_receive_values.asp:32:24: the duration of 'within:' is over 100 years
// ZERO: instance 't' (module Take) threw std::invalid_argument: {{.*}}fail_receive_values.asp:34:24: 'count: 0': a receive takes at least one element
// SENDER: instance 't' (module Take) threw std::invalid_argument: {{.*}}fail_receive_values.asp:36:24: 'from: -1': senders are numbered from 0
