// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A raw string ends only at ')' plus its delimiter plus '"'; ')x"' is not
// enough when the delimiter is 'xy'.
Module Worker {
// CHECK: fail_unterminated_raw_string.asp:[[@LINE+1]]:19: error: raw string literal is missing its terminating ')xy"'{{$}}
  const char *s = R"xy(abc)x";
}
