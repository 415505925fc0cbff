// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A character literal without its closing quote.
Module Worker {
// CHECK: fail_unterminated_char.asp:[[@LINE+1]]:12: error: missing terminating ' character{{$}}
  char c = '{;
}
