// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Split (parallel replication) on a tag.
net Split connect Worker ! <node>;

// CHECK:TranslationUnit {{.*}}net-split.asp
// CHECK-NEXT:  NetDecl Split <3:1-3:34>
// CHECK-NEXT:    Split <node> <3:19-3:33>
// CHECK-NEXT:      Ref Worker <3:19-3:24>
