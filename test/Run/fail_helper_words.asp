// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: \
// RUN:   --implicit-check-not=aspenSend --implicit-check-not=aspenDequeue \
// RUN:   --implicit-check-not=aspen/gen --implicit-check-not=aspen::gen \
// RUN:   --implicit-check-not=AspenModule
// A mistake in a send, a dequeue or a box is reported in the program's own
// words, at its own line: never through the helpers aspenc generates
// (aspen/gen/), whose names and candidates the program never wrote.
Module Main is Root requires Module P, Module Q {
  void initialize() {
    P p;
    Q q;
    flow:
      p ||| q;
  }
}
Module P {
  void run() {
// CHECK: fail_helper_words.asp:[[@LINE+1]]:5: error: cannot send this: send takes a QueueElement or a pointer to a payload
    send 3.5;
  }
}
Module Q {
  void run() {
// CHECK: fail_helper_words.asp:[[@LINE+1]]:9: error: no viable conversion from 'QueueElement' (aka 'aspen::QueueElement') to 'int'
    int x = dequeue();
    (void)x;
  }
}
