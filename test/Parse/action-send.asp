// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'send e;' to the default output queue; the operand is any C++ expression.
Module Producer {
  void run() {
    QueueElement q = QueueElement(new Payload(1));
    send q;
    send QueueElement(new Payload{2, 3});
    if (ready) { send make_element(a[0], b); }
  }
}

// CHECK:TranslationUnit {{.*}}action-send.asp
// CHECK-NEXT:  ActionModuleDecl Producer <3:1-10:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    QueueElement q = QueueElement(new Payload(1));\n    " <3:18-6:4>
// CHECK-NEXT:    Send <6:5-6:11>
// CHECK-NEXT:      Cxx "q" <6:10-6:10>
// CHECK-NEXT:    Cxx "\n    " <6:12-7:4>
// CHECK-NEXT:    Send <7:5-7:41>
// CHECK-NEXT:      Cxx "QueueElement(new Payload{2, 3})" <7:10-7:40>
// CHECK-NEXT:    Cxx "\n    if (ready) { " <7:42-8:17>
// CHECK-NEXT:    Send <8:18-8:44>
// CHECK-NEXT:      Cxx "make_element(a[0], b)" <8:23-8:43>
// CHECK-NEXT:    Cxx " }\n  }\n" <8:45-9:4>
