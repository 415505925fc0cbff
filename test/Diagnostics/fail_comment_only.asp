// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Comments and blank lines are not declarations.
// CHECK: fail_comment_only.asp:1:1: error: '{{.*}}fail_comment_only.asp' contains no declarations{{$}}

/* Module Main is Root { void initialize() { } } */
