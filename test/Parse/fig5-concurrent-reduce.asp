// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Figure 5 of the Aspen paper, two concurrent reduces over overlapping
// instances, with its '...' filled in by ordinary C++.
#include <cstdio>
#include "chemistry.h"

Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r1, r2;
    flow :
      p ||| r1(sum) ||| p[0], p[2];
      p[1:2].outQueue1 ||| r2(multiply) ||| p[3];
  }
}

Declare Module Parallel {
  data_section {
    double *send_buffer1, *send_buffer2;
    int count;
  }

  Output:
  Output Queue is outQueue1;
}

Module Parallel {
  void run() {
    QueueElement qs1, qs2, qr1, qr2;
    count = kCount;
    send_buffer1 = new double[count];
    send_buffer2 = new double[count];
    for (int k = 0; k < count; k++) {
      send_buffer1[k] = k + 1;
      send_buffer2[k] = 2.0;
    }
    qs1 = QueueElement(new ChemicalPayload(send_buffer1, count));
    qs2 = QueueElement(new ChemicalPayload(send_buffer2, count));
    send qs1;
    send qs2 on outQueue1;
    qr1 = dequeue();
    double *result = getPayload(qr1);
    std::printf("first element: %g\n", result[0]);
  }
}

// CHECK:TranslationUnit {{.*}}fig5-concurrent-reduce.asp
// CHECK-NEXT:  DirectiveDecl include <cstdio> <4:1-4:17>
// CHECK-NEXT:  DirectiveDecl include "chemistry.h" <5:1-5:22>
// CHECK-NEXT:  RootModuleDecl Main <7:1-15:1>
// CHECK-NEXT:    Requires Parallel <7:37-7:44>
// CHECK-NEXT:    Requires Reduce <7:54-7:59>
// CHECK-NEXT:    Initialize <8:3-14:3>
// CHECK-NEXT:      InstanceDecl Parallel <9:5-9:18>
// CHECK-NEXT:        Declarator p[4] <9:14-9:17>
// CHECK-NEXT:      InstanceDecl Reduce <10:5-10:18>
// CHECK-NEXT:        Declarator r1 <10:12-10:13>
// CHECK-NEXT:        Declarator r2 <10:16-10:17>
// CHECK-NEXT:      FlowLabel <11:5-11:10>
// CHECK-NEXT:      FlowStmt <12:7-12:35>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <12:7-12:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective r1(sum) <12:13-12:19>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[0] <12:25-12:28>
// CHECK-NEXT:          Ref p[2] <12:31-12:34>
// CHECK-NEXT:      FlowStmt <13:7-13:49>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[1:2].outQueue1 <13:7-13:22>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective r2(multiply) <13:28-13:39>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[3] <13:45-13:48>
// CHECK-NEXT:  DeclareModuleDecl Parallel <17:1-25:1>
// CHECK-NEXT:    DataSection "\n    double *send_buffer1, *send_buffer2;\n    int count;\n  " <18:17-21:2>
// CHECK-NEXT:    OutputQueue outQueue1 <24:19-24:27>
// CHECK-NEXT:  ActionModuleDecl Parallel <27:1-45:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    QueueElement qs1, qs2, qr1, qr2;\n    count = kCount;\n    send_buffer1 = new double[count];\n    send_buffer2 = new double[count];\n    for (int k = 0; k < count; k++) {\n      send_buffer1[k] = k + 1;\n      send_buffer2[k] = 2.0;\n    }\n    qs1 = QueueElement(new ChemicalPayload(send_buffer1, count));\n    qs2 = QueueElement(new ChemicalPayload(send_buffer2, count));\n    " <27:18-39:4>
// CHECK-NEXT:    Send <39:5-39:13>
// CHECK-NEXT:      Cxx "qs1" <39:10-39:12>
// CHECK-NEXT:    Cxx "\n    " <39:14-40:4>
// CHECK-NEXT:    Send on outQueue1 <40:5-40:26>
// CHECK-NEXT:      Cxx "qs2" <40:10-40:12>
// CHECK-NEXT:    Cxx "\n    qr1 = " <40:27-41:10>
// CHECK-NEXT:    Dequeue <41:11-41:19>
// CHECK-NEXT:    Cxx ";\n    double *result = " <41:20-42:21>
// CHECK-NEXT:    GetPayload <42:22-42:36>
// CHECK-NEXT:      Cxx "qr1" <42:33-42:35>
// CHECK-NEXT:    Cxx ";\n    std::printf(\"first element: %g\\n\", result[0]);\n  }\n" <42:37-44:4>

// The program also elaborates. As in the figure, the flows leave the
// outQueue1 of p[0] and p[3] unconnected and send nothing to p[1], and -w
// silences the warnings about that.
// RUN: %aspenc --fsyntax-only -w %s
