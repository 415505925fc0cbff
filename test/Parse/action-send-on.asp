// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'send e on q;' to a named output queue.
Module Producer {
  void run() {
    send qs2 on outQueue1;
    send QueueElement(new Payload(toggle_on)) on errors;
  }
}

// CHECK:TranslationUnit {{.*}}action-send-on.asp
// CHECK-NEXT:  ActionModuleDecl Producer <3:1-8:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    " <3:18-5:4>
// CHECK-NEXT:    Send on outQueue1 <5:5-5:26>
// CHECK-NEXT:      Cxx "qs2" <5:10-5:12>
// CHECK-NEXT:    Cxx "\n    " <5:27-6:4>
// CHECK-NEXT:    Send on errors <6:5-6:56>
// CHECK-NEXT:      Cxx "QueueElement(new Payload(toggle_on))" <6:10-6:45>
// CHECK-NEXT:    Cxx "\n  }\n" <6:57-7:4>
