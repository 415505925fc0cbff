// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// '[]' passes records unchanged; a filter with no output drops them.
net Id connect [];
net Drop connect [ {a} -> ];
net DropTagged connect [ {<t>} if (t < 0) -> ];

// CHECK:TranslationUnit {{.*}}filter-identity-drop.asp
// CHECK-NEXT:  NetDecl Id <3:1-3:18>
// CHECK-NEXT:    Filter [] <3:16-3:17>
// CHECK-NEXT:  NetDecl Drop <4:1-4:28>
// CHECK-NEXT:    Filter [{a} ->] <4:18-4:27>
// CHECK-NEXT:  NetDecl DropTagged <5:1-5:47>
// CHECK-NEXT:    Filter [{<t>} if (t < 0) ->] <5:24-5:46>

// A root module that runs each net between two action modules makes the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| Id, Drop, DropTagged ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <18:1-25:1>
// CHECK-NEXT:    Requires Source <18:37-18:42>
// CHECK-NEXT:    Requires Sink <18:52-18:55>
// CHECK-NEXT:    Initialize <19:3-24:3>
// CHECK-NEXT:      InstanceDecl Source <20:5-20:13>
// CHECK-NEXT:        Declarator s <20:12-20:12>
// CHECK-NEXT:      InstanceDecl Sink <21:5-21:11>
// CHECK-NEXT:        Declarator k <21:10-21:10>
// CHECK-NEXT:      FlowLabel <22:5-22:9>
// CHECK-NEXT:      FlowStmt <23:7-23:39>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <23:7-23:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Id <23:13-23:14>
// CHECK-NEXT:          Ref Drop <23:17-23:20>
// CHECK-NEXT:          Ref DropTagged <23:23-23:32>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <23:38-23:38>
// CHECK-NEXT:  ActionModuleDecl Source <27:1-29:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <27:16-28:15>
// CHECK-NEXT:    Send <28:16-28:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <28:21-28:44>
// CHECK-NEXT:    Cxx " }\n" <28:46-28:48>
// CHECK-NEXT:  ActionModuleDecl Sink <31:1-33:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <31:14-32:32>
// CHECK-NEXT:    Dequeue <32:33-32:41>
// CHECK-NEXT:    Cxx "; }\n" <32:42-32:45>
