// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not %aspenc --fsyntax-only --color %s 2>&1 | FileCheck %s --check-prefix=COLOR
// Diagnostics are coloured only on a terminal (or with --color): piped into
// a file or another program they are plain text. The fix-it line is green.
Module Main is Root requires Module Worker {
  void initialize() {
    Wroker w;
  }
}
Module Worker { void run() { } }
// PLAIN: colors.asp:7:5: error: unknown module 'Wroker'
// PLAIN-NOT: {{[[:cntrl:]]\[}}
// COLOR: {{[[:cntrl:]]}}[0;1;31merror: {{[[:cntrl:]]}}[0m
// COLOR: {{[[:cntrl:]]}}[0;32m    Worker
