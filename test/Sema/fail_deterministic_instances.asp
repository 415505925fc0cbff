// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// `||` between instances is S-Net's deterministic parallel composition,
// which takes boxes and nets: most likely '|||' was meant.
Module Main is Root requires Module Src, Module Work, Module Sink {
  void initialize() {
    Src src;
    Work work;
    Sink sink;
    flow:
// CHECK: fail_deterministic_instances.asp:[[@LINE+2]]:7: error: 'src' is a module instance; only boxes and nets can be combined with S-Net operators{{$}}
// CHECK: fail_deterministic_instances.asp:[[@LINE+1]]:7: note: did you mean '|||'?{{$}}
      src || work ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Work { void run() { send dequeue(); } }
Module Sink { void run() { dequeue(); } }
