// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Comments are C++ text: extension words and brackets inside them are ignored.
Module Quiet {
  // send x; dequeue(q) getPayload(y) } ) ]
  /* send y on z; {
     dequeue(); */
  void run() { send x; } // send z;
}

// CHECK:TranslationUnit {{.*}}action-comments.asp
// CHECK-NEXT:  ActionModuleDecl Quiet <3:1-8:1>
// CHECK-NEXT:    Cxx "\n  // send x; dequeue(q) getPayload(y) } ) ]\n  /* send y on z; {\n     dequeue(); */\n  void run() { " <3:15-7:15>
// CHECK-NEXT:    Send <7:16-7:22>
// CHECK-NEXT:      Cxx "x" <7:21-7:21>
// CHECK-NEXT:    Cxx " } // send z;\n" <7:23-7:36>
