// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// Arguments must match the parameters a module declares.
Module Main is Root requires Module M, Module N, Module Reduce, Module Sub {
  void initialize() {
// CHECK: fail_instance_arguments.asp:[[@LINE+1]]:17: error: module 'M' takes 2 parameters; 3 given{{$}}
    M a("x", 1, 2);
// CHECK: fail_instance_arguments.asp:[[@LINE+2]]:7: error: no value for parameter 'path' of module 'M', which has no default{{$}}
// CHECK: fail_instance_arguments.asp:[[@LINE+15]]:17: note: 'path' is declared here{{$}}
    M b;
// CHECK: fail_instance_arguments.asp:[[@LINE+1]]:7: error: no value for parameter 'path' of module 'M', which has no default{{$}}
    M c();
// CHECK: fail_instance_arguments.asp:[[@LINE+1]]:9: error: module 'N' takes 0 parameters; 1 given{{$}}
    N d(5);
// CHECK: fail_instance_arguments.asp:[[@LINE+1]]:12: error: 'Reduce' is a collective and takes no arguments{{$}}
    Reduce r(1);
// CHECK: fail_instance_arguments.asp:[[@LINE+1]]:9: error: 'Sub' is a root module and takes no arguments{{$}}
    Sub s("x");
    flow:
  }
}
Declare Module M {
  parameters {
    std::string path;
    int size = 4;
  }
}
Module M { void run() {} }
Module N { void run() {} }
Module Sub is Root { void initialize() { flow: } }
