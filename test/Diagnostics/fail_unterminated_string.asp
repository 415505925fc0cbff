// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A string literal ends at the end of its line at the latest.
Module Worker {
// CHECK: fail_unterminated_string.asp:[[@LINE+1]]:19: error: missing terminating '"' character{{$}}
  const char *s = "abc;
}
