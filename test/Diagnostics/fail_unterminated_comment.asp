// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A block comment that runs to the end of the file; the error is at '/*'.
Module Worker {
  void run() { }
// CHECK: fail_unterminated_comment.asp:[[@LINE+1]]:3: error: unterminated /* comment{{$}}
  /* the rest of the file is a comment
}
