// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A net definition without ';', followed by another net.
// CHECK: fail_missing_semi_net.asp:[[@LINE+1]]:21: error: expected ';' after net definition{{$}}
net N connect A .. B
net M connect C;
