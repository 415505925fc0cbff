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

// Switch's named output queues, and a root module that passes everything
// Switch sends to a sink, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Declare Module Switch {
  Output Queue is q, log;
}

Module Main is Root requires Module Switch, Module Sink {
  void initialize() {
    Switch w;
    Sink k;
    flow:
      w, w.q, w.log ||| k;
  }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  DeclareModuleDecl Switch <32:1-34:1>
// CHECK-NEXT:    OutputQueue q <33:19-33:19>
// CHECK-NEXT:    OutputQueue log <33:22-33:24>
// CHECK-NEXT:  RootModuleDecl Main <36:1-43:1>
// CHECK-NEXT:    Requires Switch <36:37-36:42>
// CHECK-NEXT:    Requires Sink <36:52-36:55>
// CHECK-NEXT:    Initialize <37:3-42:3>
// CHECK-NEXT:      InstanceDecl Switch <38:5-38:13>
// CHECK-NEXT:        Declarator w <38:12-38:12>
// CHECK-NEXT:      InstanceDecl Sink <39:5-39:11>
// CHECK-NEXT:        Declarator k <39:10-39:10>
// CHECK-NEXT:      FlowLabel <40:5-40:9>
// CHECK-NEXT:      FlowStmt <41:7-41:26>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref w <41:7-41:7>
// CHECK-NEXT:          Ref w.q <41:10-41:12>
// CHECK-NEXT:          Ref w.log <41:15-41:19>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <41:25-41:25>
// CHECK-NEXT:  ActionModuleDecl Sink <45:1-47:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <45:14-46:32>
// CHECK-NEXT:    Dequeue <46:33-46:41>
// CHECK-NEXT:    Cxx "; }\n" <46:42-46:45>
