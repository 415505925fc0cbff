// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// Argument types are checked by Clang against the parameters, at the
// argument: an integer never becomes a character of a string, a string
// never a bool, and a value must fit its parameter.
Module Main is Root requires Module M {
  void initialize() {
// CHECK: error: static assertion failed{{.*}}an integer argument needs a parameter of arithmetic type
// CHECK: fail_parameter_types.asp:[[@LINE+7]]:14: note: in instantiation of {{.*}}setIntParam
// CHECK: error: static assertion failed{{.*}}a string argument needs a parameter such as std::string
// CHECK: fail_parameter_types.asp:[[@LINE+6]]:19: note: in instantiation of {{.*}}setStringParam
// CHECK: error: static assertion failed{{.*}}the argument does not fit in the parameter's type
// CHECK: fail_parameter_types.asp:[[@LINE+5]]:22: note: in instantiation of {{.*}}setIntParam
// CHECK: error: static assertion failed{{.*}}a negative argument for an unsigned parameter
// CHECK: fail_parameter_types.asp:[[@LINE+4]]:25: note: in instantiation of {{.*}}setIntParam
    M a00000(42);
    M b00000("x", "yes");
    M c00000("x", 0, 300);
    M d00000("x", 0, 1, -1);
    flow:
  }
}
Declare Module M {
  parameters {
    std::string name;
    bool flag = false;
    unsigned char small = 0;
    unsigned big = 0;
  }
}
Module M { void run() {} }
