// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// The dynamic graphics filter pipeline of the S-Net paper (Fig. 2) between
// a camera and a display. Pre makes the colour planes; in Pipe, Split makes
// one record per plane, (fR|fG|fB) routes each to its filter, the star
// around the synchro-cell joins them again and Test decides whether another
// pass is needed; the outer star repeats Pipe until <done>; Post consumes
// <done> and rebuilds the image.
Module Main is Root requires Module Camera, Module Display {
  void initialize() {
    Camera camera;
    Display display;
    flow:
      camera ||| Example ||| display;
  }
}
net Example ({Img} -> {Img}) {
  net Split connect [{R,G,B} -> {R}; {G}; {B}];
  net Sync connect [|{R},{G},{B}|] * {R,G,B};
  net Pipe connect (Split .. (fR|fG|fB) .. Sync .. Test) * {<done>};
}
connect Pre .. Pipe .. Post;
Module Pre is Box ({Img} -> {R, G, B}) { void box(const Image &img) { } }
Module fR is Box ({R} -> {R}) { void box(const Channel &r) { } }
Module fG is Box ({G} -> {G}) { void box(const Channel &g) { } }
Module fB is Box ({B} -> {B}) { void box(const Channel &b) { } }
Module Test is Box ({R, G, B} -> {R, G, B} | {R, G, B, <done>}) { void box() { } }
Module Post is Box ({R, G, B, <done>} -> {Img}) { void box() { } }
Module Camera { void run() { send QueueElement(new Image()); } }
Module Display { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Pre box
// CHECK-NEXT:  Module fR box
// CHECK-NEXT:  Module fG box
// CHECK-NEXT:  Module fB box
// CHECK-NEXT:  Module Test box
// CHECK-NEXT:  Module Post box
// CHECK-NEXT:  Module Camera action sends
// CHECK-NEXT:  Module Display action dequeues
// CHECK-NEXT:  Instance #0 camera : Camera
// CHECK-NEXT:  Instance #1 display : Display
// CHECK-NEXT:  Instance #2 net#1 network
// CHECK-NEXT:  Edge camera -> net#1
// CHECK-NEXT:  Edge net#1 -> display
// CHECK-NEXT:  Network net#1
// CHECK-NEXT:    Serial (net Example)
// CHECK-NEXT:      type {Img} -> {Img}
// CHECK-NEXT:      Box Pre {Img} -> {B, G, R}
// CHECK-NEXT:        type {Img} -> {B, G, R}
// CHECK-NEXT:      Star exit {<done>} (net Pipe)
// CHECK-NEXT:        type {B, G, R} -> {B, G, R, <done>}
// CHECK-NEXT:        Serial
// CHECK-NEXT:          type {B, G, R} -> {B, G, R} | {B, G, R, <done>}
// CHECK-NEXT:          Filter [{B, G, R} -> {R}; {G}; {B}] (net Split)
// CHECK-NEXT:            type {B, G, R} -> {R} | {G} | {B}
// CHECK-NEXT:          Parallel
// CHECK-NEXT:            type {R} -> {R}
// CHECK-NEXT:            type {G} -> {G}
// CHECK-NEXT:            type {B} -> {B}
// CHECK-NEXT:            Box fR {R} -> {R}
// CHECK-NEXT:              type {R} -> {R}
// CHECK-NEXT:            Box fG {G} -> {G}
// CHECK-NEXT:              type {G} -> {G}
// CHECK-NEXT:            Box fB {B} -> {B}
// CHECK-NEXT:              type {B} -> {B}
// CHECK-NEXT:          Star exit {B, G, R} (net Sync)
// CHECK-NEXT:            type {R} -> {B, G, R}
// CHECK-NEXT:            type {G} -> {B, G, R}
// CHECK-NEXT:            type {B} -> {B, G, R}
// CHECK-NEXT:            Sync [| {R}, {G}, {B} |]
// CHECK-NEXT:              type {R} -> {B, G, R} | {R}
// CHECK-NEXT:              type {G} -> {B, G, R} | {G}
// CHECK-NEXT:              type {B} -> {B, G, R} | {B}
// CHECK-NEXT:          Box Test {B, G, R} -> {B, G, R} | {B, G, R, <done>}
// CHECK-NEXT:            type {B, G, R} -> {B, G, R} | {B, G, R, <done>}
// CHECK-NEXT:      Box Post {B, G, R, <done>} -> {Img}
// CHECK-NEXT:        type {B, G, R, <done>} -> {Img}
// CHECK-NOT:{{.}}
