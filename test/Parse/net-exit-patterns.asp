// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Star and feedback take several patterns, as in S-Net; a record matching
// any of them leaves (star) or goes round again (feedback). In a stage, a
// comma followed by anything but `{` starts the next network.
net S connect A * {a}, {<k>} if <k > 0>;
net F connect (A .. B) \ {state}, {inval};

// CHECK:TranslationUnit {{.*}}net-exit-patterns.asp
// CHECK-NEXT:  NetDecl S <5:1-5:40>
// CHECK-NEXT:    Star exit {a}, {<k>} if (k > 0) <5:15-5:39>
// CHECK-NEXT:      Ref A <5:15-5:15>
// CHECK-NEXT:  NetDecl F <6:1-6:42>
// CHECK-NEXT:    Feedback back {state}, {inval} <6:15-6:41>
// CHECK-NEXT:      Serial <6:16-6:21>
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| A * {a}, B ||| sink;
  }
}
// CHECK:      FlowStmt <20:7-20:34>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref src <20:7-20:9>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Star exit {a} <20:15-20:21>
// CHECK-NEXT:            Ref A <20:15-20:15>
// CHECK-NEXT:          Ref B <20:24-20:24>
