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
