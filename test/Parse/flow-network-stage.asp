// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A network expression is a stage of a flow statement, next to instances.
Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source src;
    Sink sink;
    flow:
      src ||| (Split .. (fR | fG | fB) .. Sync) * {<done>} ||| sink;
      src ||| [ {img} -> {img, <n = 0>} ] .. Pipe, [| {a}, {b} |] ||| sink;
  }
}

// CHECK:TranslationUnit {{.*}}flow-network-stage.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-11:1>
// CHECK-NEXT:    Requires Source <3:37-3:42>
// CHECK-NEXT:    Requires Sink <3:52-3:55>
// CHECK-NEXT:    Initialize <4:3-10:3>
// CHECK-NEXT:      InstanceDecl Source <5:5-5:15>
// CHECK-NEXT:        Declarator src <5:12-5:14>
// CHECK-NEXT:      InstanceDecl Sink <6:5-6:14>
// CHECK-NEXT:        Declarator sink <6:10-6:13>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:68>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref src <8:7-8:9>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Star exit {<done>} <8:15-8:58>
// CHECK-NEXT:            Serial <8:16-8:46>
// CHECK-NEXT:              Ref Split <8:16-8:20>
// CHECK-NEXT:              Parallel <8:26-8:37>
// CHECK-NEXT:                Ref fR <8:26-8:27>
// CHECK-NEXT:                Ref fG <8:31-8:32>
// CHECK-NEXT:                Ref fB <8:36-8:37>
// CHECK-NEXT:              Ref Sync <8:43-8:46>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref sink <8:64-8:67>
// CHECK-NEXT:      FlowStmt <9:7-9:75>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref src <9:7-9:9>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Serial <9:15-9:49>
// CHECK-NEXT:            Filter [{img} -> {img, <n=0>}] <9:15-9:41>
// CHECK-NEXT:            Ref Pipe <9:46-9:49>
// CHECK-NEXT:          Sync [| {a}, {b} |] <9:52-9:65>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref sink <9:71-9:74>
