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
