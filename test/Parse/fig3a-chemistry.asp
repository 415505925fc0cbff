// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Figure 3(a) of the Aspen paper, the chemistry code, with its '...' filled
// in by ordinary C++. As in the figure, the action module starts on the line
// that closes the root module.
#include <cstdio>
#include <vector>
#include "chemistry.h"

Module Main is Root requires Module Chemical, Module Reduce {
  void initialize() {
    Chemical c[16];
    Reduce r;
    flow:
      c ||| r(sum);
  }
} Module Chemical {
  void run() {
    optimization_fcn(kErrorVectorSize, kParameterSize);
  }
  void optimization_fcn(int error_vector_size, int parameter_size) {
    QueueElement qs, qr;
    double *error_temp;
    int i;
    std::vector<std::vector<double>> error_vectors =
        evaluate_model(error_vector_size, parameter_size);
    for (i=0; i < parameter_size+1; i++) {
      qs = QueueElement(new ChemicalPayload(
        error_vectors[i].data(), error_vector_size));
      send qs;
      qr = dequeue();
      error_temp = getPayload(qr);
      report_error(i, error_temp, error_vector_size);
    }
  }
  std::vector<std::vector<double>> evaluate_model(int n, int parameters) {
    return std::vector<std::vector<double>>(parameters + 1,
                                            std::vector<double>(n, 0.5));
  }
  void report_error(int i, const double *error, int n) {
    double sum = 0;
    for (int k = 0; k < n; k++)
      sum += error[k] * error[k];
    std::printf("parameter %d: squared error %g\n", i, sum);
  }
}

// CHECK:TranslationUnit {{.*}}fig3a-chemistry.asp
// CHECK-NEXT:  DirectiveDecl include <cstdio> <5:1-5:17>
// CHECK-NEXT:  DirectiveDecl include <vector> <6:1-6:17>
// CHECK-NEXT:  DirectiveDecl include "chemistry.h" <7:1-7:22>
// CHECK-NEXT:  RootModuleDecl Main <9:1-16:1>
// CHECK-NEXT:    Requires Chemical <9:37-9:44>
// CHECK-NEXT:    Requires Reduce <9:54-9:59>
// CHECK-NEXT:    Initialize <10:3-15:3>
// CHECK-NEXT:      InstanceDecl Chemical <11:5-11:19>
// CHECK-NEXT:        Declarator c[16] <11:14-11:18>
// CHECK-NEXT:      InstanceDecl Reduce <12:5-12:13>
// CHECK-NEXT:        Declarator r <12:12-12:12>
// CHECK-NEXT:      FlowLabel <13:5-13:9>
// CHECK-NEXT:      FlowStmt <14:7-14:19>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref c <14:7-14:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective r(sum) <14:13-14:18>
// CHECK-NEXT:  ActionModuleDecl Chemical <16:3-45:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    optimization_fcn(kErrorVectorSize, kParameterSize);\n  }\n  void optimization_fcn(int error_vector_size, int parameter_size) {\n    QueueElement qs, qr;\n    double *error_temp;\n    int i;\n    std::vector<std::vector<double>> error_vectors =\n        evaluate_model(error_vector_size, parameter_size);\n    for (i=0; i < parameter_size+1; i++) {\n      qs = QueueElement(new ChemicalPayload(\n        error_vectors[i].data(), error_vector_size));\n      " <16:20-29:6>
// CHECK-NEXT:    Send <29:7-29:14>
// CHECK-NEXT:      Cxx "qs" <29:12-29:13>
// CHECK-NEXT:    Cxx "\n      qr = " <29:15-30:11>
// CHECK-NEXT:    Dequeue <30:12-30:20>
// CHECK-NEXT:    Cxx ";\n      error_temp = " <30:21-31:19>
// CHECK-NEXT:    GetPayload <31:20-31:33>
// CHECK-NEXT:      Cxx "qr" <31:31-31:32>
// CHECK-NEXT:    Cxx ";\n      report_error(i, error_temp, error_vector_size);\n    }\n  }\n  std::vector<std::vector<double>> evaluate_model(int n, int parameters) {\n    return std::vector<std::vector<double>>(parameters + 1,\n                                            std::vector<double>(n, 0.5));\n  }\n  void report_error(int i, const double *error, int n) {\n    double sum = 0;\n    for (int k = 0; k < n; k++)\n      sum += error[k] * error[k];\n    std::printf(\"parameter %d: squared error %g\\n\", i, sum);\n  }\n" <31:34-44:4>

// The program also elaborates.
// RUN: %aspenc --fsyntax-only %s
