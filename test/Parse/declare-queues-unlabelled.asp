// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Labels are optional; a data_section may follow the queues.
Declare Module Node {
  Output Queue is outQueue1;
  Input Queue is inQueue1;
  data_section { int count; }
}

// CHECK:TranslationUnit {{.*}}declare-queues-unlabelled.asp
// CHECK-NEXT:  DeclareModuleDecl Node <3:1-7:1>
// CHECK-NEXT:    DataSection " int count; " <6:17-6:28>
// CHECK-NEXT:    InputQueue inQueue1 <5:18-5:25>
// CHECK-NEXT:    OutputQueue outQueue1 <4:19-4:27>
