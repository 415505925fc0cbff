// RUN: not %aspenc %s 2>&1 | FileCheck %s --strict-whitespace
// Tabs before the error are copied into the caret line so the caret lines up
// whatever the tab width.
// CHECK: fail_caret_with_tabs.asp:[[@LINE+3]]:16: error: unexpected character '@'{{$}}
// CHECK-NEXT: {{^}}	net N	connect @ A;{{$}}
// CHECK-NEXT: {{^}}	     	        ^{{$}}
	net N	connect @ A;
