// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Action modules alone are not a program.
// CHECK: {{^}}aspenc: error: no root module: a program needs 'Module NAME is Root { void initialize() { ... } }'{{$}}
Module Worker { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
