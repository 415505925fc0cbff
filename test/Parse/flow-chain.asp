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
