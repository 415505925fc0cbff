// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// A module declaration's sections: data_section and parameters, each at
// most once; parameters are declared one per declaration.
Declare Module M {
  parameters {
// CHECK: fail_declare_sections.asp:[[@LINE+1]]:5: error: declare one parameter per declaration in module 'M'{{$}}
    int a, b;
    std::map<int, int> fine;
// CHECK: fail_declare_sections.asp:[[@LINE+1]]:10: error: parameter 'fine' is declared twice in module 'M'{{$}}
    int *fine = nullptr;
  }
// CHECK: fail_declare_sections.asp:[[@LINE+1]]:3: error: module 'M' has more than one parameters section{{$}}
  parameters { int c; }
// CHECK: fail_declare_sections.asp:[[@LINE+1]]:3: error: unknown section 'data' in a module declaration; expected 'data_section' or 'parameters'{{$}}
  data { int d; }
}
Module M { void run() {} }
