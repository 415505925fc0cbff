// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Tag expressions use C precedence and associativity; the dump brackets each
// binary node.
net T connect [ {<a>, <b>, <c>} -> {
  <p = a + b * c>,
  <q = (a + b) * c>,
  <r = a - b - c>,
  <s = a / b % c>,
  <t = a < b == c >= 1>,
  <u = a || b && c>,
  <v = -a - !b>,
  <w = a != b && b <= c>
} ];

// CHECK:TranslationUnit {{.*}}tag-precedence.asp
// CHECK-NEXT:  NetDecl T <4:1-13:4>
// CHECK-NEXT:    Filter [{<a>, <b>, <c>} -> {<p=(a + (b * c))>, <q=((a + b) * c)>, <r=((a - b) - c)>, <s=((a / b) % c)>, <t=((a < b) == (c >= 1))>, <u=(a || (b && c))>, <v=(-a - !b)>, <w=((a != b) && (b <= c))>}] <4:15-13:3>

// A root module that runs the net between two action modules makes the file
// a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| T ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <22:1-29:1>
// CHECK-NEXT:    Requires Source <22:37-22:42>
// CHECK-NEXT:    Requires Sink <22:52-22:55>
// CHECK-NEXT:    Initialize <23:3-28:3>
// CHECK-NEXT:      InstanceDecl Source <24:5-24:13>
// CHECK-NEXT:        Declarator s <24:12-24:12>
// CHECK-NEXT:      InstanceDecl Sink <25:5-25:11>
// CHECK-NEXT:        Declarator k <25:10-25:10>
// CHECK-NEXT:      FlowLabel <26:5-26:9>
// CHECK-NEXT:      FlowStmt <27:7-27:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <27:7-27:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref T <27:13-27:13>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <27:19-27:19>
// CHECK-NEXT:  ActionModuleDecl Source <31:1-33:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <31:16-32:15>
// CHECK-NEXT:    Send <32:16-32:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <32:21-32:44>
// CHECK-NEXT:    Cxx " }\n" <32:46-32:48>
// CHECK-NEXT:  ActionModuleDecl Sink <35:1-37:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <35:14-36:32>
// CHECK-NEXT:    Dequeue <36:33-36:41>
// CHECK-NEXT:    Cxx "; }\n" <36:42-36:45>
