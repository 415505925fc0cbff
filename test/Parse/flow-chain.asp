// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'a ||| b ||| c' is one flow statement with three stages.
Module Main is Root requires Module Src, Module Mid, Module Dst {
  void initialize() {
    Src s;
    Mid m;
    Dst d;
    flow:
      s ||| d;
      s ||| m ||| d;
      s |||
        m |||
        d;
  }
}

// CHECK:TranslationUnit {{.*}}flow-chain.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-15:1>
// CHECK-NEXT:    Requires Src <3:37-3:39>
// CHECK-NEXT:    Requires Mid <3:49-3:51>
// CHECK-NEXT:    Requires Dst <3:61-3:63>
// CHECK-NEXT:    Initialize <4:3-14:3>
// CHECK-NEXT:      InstanceDecl Src <5:5-5:10>
// CHECK-NEXT:        Declarator s <5:9-5:9>
// CHECK-NEXT:      InstanceDecl Mid <6:5-6:10>
// CHECK-NEXT:        Declarator m <6:9-6:9>
// CHECK-NEXT:      InstanceDecl Dst <7:5-7:10>
// CHECK-NEXT:        Declarator d <7:9-7:9>
// CHECK-NEXT:      FlowLabel <8:5-8:9>
// CHECK-NEXT:      FlowStmt <9:7-9:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <9:7-9:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref d <9:13-9:13>
// CHECK-NEXT:      FlowStmt <10:7-10:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <10:7-10:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref m <10:13-10:13>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref d <10:19-10:19>
// CHECK-NEXT:      FlowStmt <11:7-13:10>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <11:7-11:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref m <12:9-12:9>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref d <13:9-13:9>

// The three action modules make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Src {
  void run() { send new ArrayPayload<int>(1); }
}

Module Mid {
  void run() { send dequeue(); }
}

Module Dst {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  ActionModuleDecl Src <52:1-54:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <52:13-53:15>
// CHECK-NEXT:    Send <53:16-53:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <53:21-53:44>
// CHECK-NEXT:    Cxx " }\n" <53:46-53:48>
// CHECK-NEXT:  ActionModuleDecl Mid <56:1-58:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <56:13-57:15>
// CHECK-NEXT:    Send <57:16-57:30>
// CHECK-NEXT:      Dequeue <57:21-57:29>
// CHECK-NEXT:    Cxx " }\n" <57:31-57:33>
// CHECK-NEXT:  ActionModuleDecl Dst <60:1-62:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <60:13-61:32>
// CHECK-NEXT:    Dequeue <61:33-61:41>
// CHECK-NEXT:    Cxx "; }\n" <61:42-61:45>
