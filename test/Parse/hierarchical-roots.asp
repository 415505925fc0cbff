// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A root module requires another root module and instantiates it like an
// action module.
Module Pipeline is Root requires Module Filter {
  void initialize() {
    Filter f[2];
    flow:
      Input ||| f[0] ||| f[1] ||| Output;
  }
}

Module Main is Root requires Module Source, Module Pipeline, Module Sink {
  void initialize() {
    Source src;
    Pipeline pipe[2];
    Sink snk;
    flow:
      src ||| pipe ||| snk;
  }
}

// CHECK:TranslationUnit {{.*}}hierarchical-roots.asp
// CHECK-NEXT:  RootModuleDecl Pipeline <4:1-10:1>
// CHECK-NEXT:    Requires Filter <4:41-4:46>
// CHECK-NEXT:    Initialize <5:3-9:3>
// CHECK-NEXT:      InstanceDecl Filter <6:5-6:16>
// CHECK-NEXT:        Declarator f[2] <6:12-6:15>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:41>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Input <8:7-8:11>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref f[0] <8:17-8:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref f[1] <8:26-8:29>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Output <8:35-8:40>
// CHECK-NEXT:  RootModuleDecl Main <12:1-20:1>
// CHECK-NEXT:    Requires Source <12:37-12:42>
// CHECK-NEXT:    Requires Pipeline <12:52-12:59>
// CHECK-NEXT:    Requires Sink <12:69-12:72>
// CHECK-NEXT:    Initialize <13:3-19:3>
// CHECK-NEXT:      InstanceDecl Source <14:5-14:15>
// CHECK-NEXT:        Declarator src <14:12-14:14>
// CHECK-NEXT:      InstanceDecl Pipeline <15:5-15:21>
// CHECK-NEXT:        Declarator pipe[2] <15:14-15:20>
// CHECK-NEXT:      InstanceDecl Sink <16:5-16:13>
// CHECK-NEXT:        Declarator snk <16:10-16:12>
// CHECK-NEXT:      FlowLabel <17:5-17:9>
// CHECK-NEXT:      FlowStmt <18:7-18:27>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref src <18:7-18:9>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref pipe <18:15-18:18>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref snk <18:24-18:26>

// The three action modules make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Filter {
  void run() { send dequeue(); }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  ActionModuleDecl Filter <60:1-62:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <60:16-61:15>
// CHECK-NEXT:    Send <61:16-61:30>
// CHECK-NEXT:      Dequeue <61:21-61:29>
// CHECK-NEXT:    Cxx " }\n" <61:31-61:33>
// CHECK-NEXT:  ActionModuleDecl Source <64:1-66:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <64:16-65:15>
// CHECK-NEXT:    Send <65:16-65:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <65:21-65:44>
// CHECK-NEXT:    Cxx " }\n" <65:46-65:48>
// CHECK-NEXT:  ActionModuleDecl Sink <68:1-70:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <68:14-69:32>
// CHECK-NEXT:    Dequeue <69:33-69:41>
// CHECK-NEXT:    Cxx "; }\n" <69:42-69:45>
