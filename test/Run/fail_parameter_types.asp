// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: \
// RUN:   --implicit-check-not=intParam --implicit-check-not=stringParam \
// RUN:   --implicit-check-not=aspen/gen
// Argument types are checked by Clang against the parameters, at the
// argument: an integer never becomes a character of a string, a string
// never a bool, and a value must fit its parameter exactly (before, a bool
// took 2 and a float 16777217, which it holds as 16777216).
Module Main is Root requires Module M {
  void initialize() {
// CHECK: fail_parameter_types.asp:[[@LINE+6]]:14: error: an integer argument needs a parameter of arithmetic type
// CHECK: fail_parameter_types.asp:[[@LINE+6]]:19: error: a string argument needs a parameter such as std::string
// CHECK: fail_parameter_types.asp:[[@LINE+6]]:22: error: the argument does not fit in the parameter's type
// CHECK: fail_parameter_types.asp:[[@LINE+6]]:25: error: a negative argument for an unsigned parameter
// CHECK: fail_parameter_types.asp:[[@LINE+6]]:19: error: a bool parameter takes 0 or 1
// CHECK: fail_parameter_types.asp:[[@LINE+6]]:28: error: the argument is not exactly a value of the parameter's floating-point type
    M a00000(42);
    M b00000("x", "yes");
    M c00000("x", 0, 300);
    M d00000("x", 0, 1, -1);
    M e00000("x", 2);
    M f00000("x", 1, 0, 0, 16777217);
    M g00000("x", 1, 0, 0, 16777216);
    flow:
  }
}
Declare Module M {
  parameters {
    std::string name;
    bool flag = false;
    unsigned char small = 0;
    unsigned big = 0;
    float f = 0;
  }
}
Module M { void run() {} }
