// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// The dynamic graphics filter pipeline of Figure 2 in the S-Net runtime paper
// (Grelck and Gijsbers), written as it appears there.
net Example ({Img} -> {Img})
{
  net Split connect [{R,G,B} -> {R} ; {G} ; {B}];
  net Sync connect [|{R},{G},{B}|] * {R,G,B};
  net Pipe connect (Split .. (fR|fG|fB) .. Sync .. Test) * {<done>};
}
connect Pre .. Pipe .. Post;

// CHECK:TranslationUnit {{.*}}snet-fig2.asp
// CHECK-NEXT:  NetDecl Example ({Img} -> {Img}) <4:1-10:28>
// CHECK-NEXT:    NetDecl Split <6:3-6:49>
// CHECK-NEXT:      Filter [{R, G, B} -> {R}; {G}; {B}] <6:21-6:48>
// CHECK-NEXT:    NetDecl Sync <7:3-7:45>
// CHECK-NEXT:      Star exit {R, G, B} <7:20-7:44>
// CHECK-NEXT:        Sync [| {R}, {G}, {B} |] <7:20-7:34>
// CHECK-NEXT:    NetDecl Pipe <8:3-8:68>
// CHECK-NEXT:      Star exit {<done>} <8:20-8:67>
// CHECK-NEXT:        Serial <8:21-8:55>
// CHECK-NEXT:          Ref Split <8:21-8:25>
// CHECK-NEXT:          Parallel <8:31-8:38>
// CHECK-NEXT:            Ref fR <8:31-8:32>
// CHECK-NEXT:            Ref fG <8:34-8:35>
// CHECK-NEXT:            Ref fB <8:37-8:38>
// CHECK-NEXT:          Ref Sync <8:44-8:47>
// CHECK-NEXT:          Ref Test <8:52-8:55>
// CHECK-NEXT:    Serial <10:9-10:27>
// CHECK-NEXT:      Ref Pre <10:9-10:11>
// CHECK-NEXT:      Ref Pipe <10:16-10:19>
// CHECK-NEXT:      Ref Post <10:24-10:27>

// The boxes of the figure, with the signatures of examples/snet-filter, and a
// root module that runs Example between two action modules, make the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Pre is Box ({Img} -> {R, G, B}) {
  void box(double img) { emit<1>(img, img, img); }
}

Module fR is Box ({R} -> {R}) { void box(double r) { emit<1>(r * 0.5); } }
Module fG is Box ({G} -> {G}) { void box(double g) { emit<1>(g * 0.5); } }
Module fB is Box ({B} -> {B}) { void box(double b) { emit<1>(b * 0.5); } }

Module Test is Box ({R, G, B} -> {R, G, B} | {R, G, B, <done>}) {
  void box(double r, double g, double b) {
    if (r + g + b < 1)
      emit<2>(r, g, b, 1);
    else
      emit<1>(r, g, b);
  }
}

Module Post is Box ({R, G, B, <done>} -> {Img}) {
  void box(double r, double g, double b, int done) { emit<1>(r + g + b); }
}

Module Main is Root requires Module Camera, Module Display {
  void initialize() {
    Camera camera;
    Display display;
    flow:
      camera ||| Example ||| display;
  }
}

Module Camera {
  void run() { send new ArrayPayload<double>(1); }
}

Module Display {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl Pre ({Img} -> {R, G, B}) <38:1-40:1>
// CHECK-NEXT:    Cxx "\n  void box(double img) { emit<1>(img, img, img); }\n" <38:41-39:51>
// CHECK-NEXT:  BoxModuleDecl fR ({R} -> {R}) <42:1-42:74>
// CHECK-NEXT:    Cxx " void box(double r) { emit<1>(r * 0.5); } " <42:32-42:73>
// CHECK-NEXT:  BoxModuleDecl fG ({G} -> {G}) <43:1-43:74>
// CHECK-NEXT:    Cxx " void box(double g) { emit<1>(g * 0.5); } " <43:32-43:73>
// CHECK-NEXT:  BoxModuleDecl fB ({B} -> {B}) <44:1-44:74>
// CHECK-NEXT:    Cxx " void box(double b) { emit<1>(b * 0.5); } " <44:32-44:73>
// CHECK-NEXT:  BoxModuleDecl Test ({R, G, B} -> {R, G, B} | {R, G, B, <done>}) <46:1-53:1>
// CHECK-NEXT:    Cxx "\n  void box(double r, double g, double b) {\n    if (r + g + b < 1)\n      emit<2>(r, g, b, 1);\n    else\n      emit<1>(r, g, b);\n  }\n" <46:66-52:4>
// CHECK-NEXT:  BoxModuleDecl Post ({R, G, B, <done>} -> {Img}) <55:1-57:1>
// CHECK-NEXT:    Cxx "\n  void box(double r, double g, double b, int done) { emit<1>(r + g + b); }\n" <55:50-56:75>
// CHECK-NEXT:  RootModuleDecl Main <59:1-66:1>
// CHECK-NEXT:    Requires Camera <59:37-59:42>
// CHECK-NEXT:    Requires Display <59:52-59:58>
// CHECK-NEXT:    Initialize <60:3-65:3>
// CHECK-NEXT:      InstanceDecl Camera <61:5-61:18>
// CHECK-NEXT:        Declarator camera <61:12-61:17>
// CHECK-NEXT:      InstanceDecl Display <62:5-62:20>
// CHECK-NEXT:        Declarator display <62:13-62:19>
// CHECK-NEXT:      FlowLabel <63:5-63:9>
// CHECK-NEXT:      FlowStmt <64:7-64:37>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref camera <64:7-64:12>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Example <64:18-64:24>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref display <64:30-64:36>
// CHECK-NEXT:  ActionModuleDecl Camera <68:1-70:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <68:16-69:15>
// CHECK-NEXT:    Send <69:16-69:48>
// CHECK-NEXT:      Cxx "new ArrayPayload<double>(1)" <69:21-69:47>
// CHECK-NEXT:    Cxx " }\n" <69:49-69:51>
// CHECK-NEXT:  ActionModuleDecl Display <72:1-74:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <72:17-73:32>
// CHECK-NEXT:    Dequeue <73:33-73:41>
// CHECK-NEXT:    Cxx "; }\n" <73:42-73:45>
