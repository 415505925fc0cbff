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

// The boxes and the net that the networks name, and the two action modules,
// make the file a complete program. Split separates the colour planes of an
// image, Sync joins them again and Test decides whether the image is done.
// RUN: %aspenc --fsyntax-only %s
Module Split is Box ({img} -> {R} | {G} | {B}) {
  void box(int img) { emit<1>(img); emit<2>(img); emit<3>(img); }
}

Module fR is Box ({R} -> {R}) { void box(int r) { emit<1>(r); } }
Module fG is Box ({G} -> {G}) { void box(int g) { emit<1>(g); } }
Module fB is Box ({B} -> {B}) { void box(int b) { emit<1>(b); } }

net Sync connect [| {R}, {G}, {B} |] * {R, G, B} .. Test;

Module Test is Box ({R, G, B} -> {img} | {img, <done>}) {
  void box(int r, int g, int b) {
    if (r == g && g == b)
      emit<2>(r, 1);
    else
      emit<1>((r + g + b) / 3);
  }
}

Module Pipe is Box ({img, <n>} -> {img}) {
  void box(int img, int n) { emit<1>(img + n); }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl Split ({img} -> {R} | {G} | {B}) <52:1-54:1>
// CHECK-NEXT:    Cxx "\n  void box(int img) { emit<1>(img); emit<2>(img); emit<3>(img); }\n" <52:49-53:66>
// CHECK-NEXT:  BoxModuleDecl fR ({R} -> {R}) <56:1-56:65>
// CHECK-NEXT:    Cxx " void box(int r) { emit<1>(r); } " <56:32-56:64>
// CHECK-NEXT:  BoxModuleDecl fG ({G} -> {G}) <57:1-57:65>
// CHECK-NEXT:    Cxx " void box(int g) { emit<1>(g); } " <57:32-57:64>
// CHECK-NEXT:  BoxModuleDecl fB ({B} -> {B}) <58:1-58:65>
// CHECK-NEXT:    Cxx " void box(int b) { emit<1>(b); } " <58:32-58:64>
// CHECK-NEXT:  NetDecl Sync <60:1-60:57>
// CHECK-NEXT:    Serial <60:18-60:56>
// CHECK-NEXT:      Star exit {R, G, B} <60:18-60:48>
// CHECK-NEXT:        Sync [| {R}, {G}, {B} |] <60:18-60:36>
// CHECK-NEXT:      Ref Test <60:53-60:56>
// CHECK-NEXT:  BoxModuleDecl Test ({R, G, B} -> {img} | {img, <done>}) <62:1-69:1>
// CHECK-NEXT:    Cxx "\n  void box(int r, int g, int b) {\n    if (r == g && g == b)\n      emit<2>(r, 1);\n    else\n      emit<1>((r + g + b) / 3);\n  }\n" <62:58-68:4>
// CHECK-NEXT:  BoxModuleDecl Pipe ({img, <n>} -> {img}) <71:1-73:1>
// CHECK-NEXT:    Cxx "\n  void box(int img, int n) { emit<1>(img + n); }\n" <71:43-72:49>
// CHECK-NEXT:  ActionModuleDecl Source <75:1-77:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <75:16-76:15>
// CHECK-NEXT:    Send <76:16-76:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <76:21-76:44>
// CHECK-NEXT:    Cxx " }\n" <76:46-76:48>
// CHECK-NEXT:  ActionModuleDecl Sink <79:1-81:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <79:14-80:32>
// CHECK-NEXT:    Dequeue <80:33-80:41>
// CHECK-NEXT:    Cxx "; }\n" <80:42-80:45>
