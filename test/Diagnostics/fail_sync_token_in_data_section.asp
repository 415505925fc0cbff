// RUN: not %aspenc %s 2>&1 | FileCheck %s
// '[|' inside a data_section: there is no queue declaration here to end
// with ';'.
Declare Module Parallel {
  data_section {
// CHECK: fail_sync_token_in_data_section.asp:[[@LINE+2]]:10: error: unexpected '[|' in {{(module declaration|data_section)}}{{$}}
// CHECK-NOT: queue declaration
    int a[|1|];
  }
}
