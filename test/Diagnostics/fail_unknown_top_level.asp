// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A misspelt keyword at top level.
// CHECK: fail_unknown_top_level.asp:[[@LINE+1]]:1: error: expected 'Module', 'Declare Module', 'net' or a preprocessor line at top level, found 'Modul'{{$}}
Modul Main is Root {
  void initialize() { }
}
