// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Extensions nest inside each other and inside send operands.
Module Relay {
  void run() {
    double *p = getPayload(dequeue());
    auto &m = getPayload<Matrix>(dequeue(inQueue2));
    send dequeue();
    send dequeue(control) on log;
    send QueueElement(new Payload(getPayload<int>(q) + 1));
  }
}

// CHECK:TranslationUnit {{.*}}action-nested-extensions.asp
// CHECK-NEXT:  ActionModuleDecl Relay <3:1-11:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    double *p = " <3:15-5:16>
// CHECK-NEXT:    GetPayload <5:17-5:37>
// CHECK-NEXT:      Dequeue <5:28-5:36>
// CHECK-NEXT:    Cxx ";\n    auto &m = " <5:38-6:14>
// CHECK-NEXT:    GetPayload <Matrix> <6:15-6:51>
// CHECK-NEXT:      Dequeue inQueue2 <6:34-6:50>
// CHECK-NEXT:    Cxx ";\n    " <6:52-7:4>
// CHECK-NEXT:    Send <7:5-7:19>
// CHECK-NEXT:      Dequeue <7:10-7:18>
// CHECK-NEXT:    Cxx "\n    " <7:20-8:4>
// CHECK-NEXT:    Send on log <8:5-8:33>
// CHECK-NEXT:      Dequeue control <8:10-8:25>
// CHECK-NEXT:    Cxx "\n    " <8:34-9:4>
// CHECK-NEXT:    Send <9:5-9:59>
// CHECK-NEXT:      Cxx "QueueElement(new Payload(" <9:10-9:34>
// CHECK-NEXT:      GetPayload <int> <9:35-9:52>
// CHECK-NEXT:        Cxx "q" <9:51-9:51>
// CHECK-NEXT:      Cxx " + 1))" <9:53-9:58>
// CHECK-NEXT:    Cxx "\n  }\n" <9:60-10:4>
