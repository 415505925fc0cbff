// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'dequeue()' reads the default input queue, 'dequeue(q)' a named one.
Module Consumer {
  void run() {
    QueueElement a = dequeue();
    QueueElement b = dequeue(inQueue2);
    while (dequeue ( control ).valid()) {}
  }
}

// CHECK:TranslationUnit {{.*}}action-dequeue.asp
// CHECK-NEXT:  ActionModuleDecl Consumer <3:1-9:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    QueueElement a = " <3:18-5:21>
// CHECK-NEXT:    Dequeue <5:22-5:30>
// CHECK-NEXT:    Cxx ";\n    QueueElement b = " <5:31-6:21>
// CHECK-NEXT:    Dequeue inQueue2 <6:22-6:38>
// CHECK-NEXT:    Cxx ";\n    while (" <6:39-7:11>
// CHECK-NEXT:    Dequeue control <7:12-7:30>
// CHECK-NEXT:    Cxx ".valid()) {}\n  }\n" <7:31-8:4>
