// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Only an 'on' at the top level of the operand ends it: inside brackets 'on'
// is C++, and '(on)' sends a variable named on. A send may stand in a lambda.
Module Switch {
  void run() {
    send pick(on, off) on q;
    send (on);
    send flags[on] on log;
    auto f = [&] { send make(on); };
  }
}

// CHECK:TranslationUnit {{.*}}action-send-on-word.asp
// CHECK-NEXT:  ActionModuleDecl Switch <4:1-11:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    " <4:16-6:4>
// CHECK-NEXT:    Send on q <6:5-6:28>
// CHECK-NEXT:      Cxx "pick(on, off)" <6:10-6:22>
// CHECK-NEXT:    Cxx "\n    " <6:29-7:4>
// CHECK-NEXT:    Send <7:5-7:14>
// CHECK-NEXT:      Cxx "(on)" <7:10-7:13>
// CHECK-NEXT:    Cxx "\n    " <7:15-8:4>
// CHECK-NEXT:    Send on log <8:5-8:26>
// CHECK-NEXT:      Cxx "flags[on]" <8:10-8:18>
// CHECK-NEXT:    Cxx "\n    auto f = [&] { " <8:27-9:19>
// CHECK-NEXT:    Send <9:20-9:33>
// CHECK-NEXT:      Cxx "make(on)" <9:25-9:32>
// CHECK-NEXT:    Cxx " };\n  }\n" <9:34-10:4>
