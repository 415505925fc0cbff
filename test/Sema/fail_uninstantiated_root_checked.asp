// RUN: not %aspenc --fsyntax-only --root=Main %s 2>&1 | FileCheck %s --implicit-check-not=error:
// A root module the main one never instantiates is still checked.
Module Main is Root requires Module W {
  void initialize() {
    W a, b;
    flow:
      a ||| b;
  }
}
Module Spare is Root requires Module W {
  void initialize() {
    W w;
    flow:
// CHECK: fail_uninstantiated_root_checked.asp:[[@LINE+1]]:13: error: no instance, net or box named 'nosuch' in root module 'Spare'{{$}}
      w ||| nosuch;
  }
}
Module W { void run() {} }
