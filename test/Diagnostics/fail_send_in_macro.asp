// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// send and dequeue in a macro of module code are not rewritten: an error
// that says so, at the word (before: Clang's "use of undeclared identifier
// 'send'"). A macro that only mentions them in a string, and an #include,
// are fine.
Module Main is Root requires Module Gen, Module Sink {
  void initialize() {
    Gen g;
    Sink s;
    flow:
      g ||| s;
  }
}
Module Gen {
// CHECK: fail_send_in_macro.asp:[[@LINE+1]]:17: error: 'send' in a preprocessor directive is not rewritten: aspenc turns send and dequeue into calls in module code, not in macros; use a member function instead
#define EMIT(v) send new ArrayPayload<int>(&v, 1);
#define WHAT "send and dequeue"
  void run() {
    for (int i = 0; i < 5; ++i) {
      EMIT(i)
    }
  }
}
Module Sink {
// CHECK: fail_send_in_macro.asp:[[@LINE+1]]:17: error: 'dequeue' in a preprocessor directive is not rewritten
#define NEXT() (dequeue())
  void run() {
    while (NEXT()) {
    }
  }
}
