// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Columns count code points, so non-ASCII text in comments and strings before
// a construct does not shift its location.
net N /* π → ∑ */ connect A .. B;
Module M { /* café */ void run() { const char *s = "→ ü 😀"; send s; } }

// CHECK:TranslationUnit {{.*}}utf8-columns.asp
// CHECK-NEXT:  NetDecl N <4:1-4:33>
// CHECK-NEXT:    Serial <4:27-4:32>
// CHECK-NEXT:      Ref A <4:27-4:27>
// CHECK-NEXT:      Ref B <4:32-4:32>
// CHECK-NEXT:  ActionModuleDecl M <5:1-5:71>
// CHECK-NEXT:    Cxx " /* café */ void run() { const char *s = \"→ ü 😀\"; " <5:11-5:60>
// CHECK-NEXT:    Send <5:61-5:67>
// CHECK-NEXT:      Cxx "s" <5:66-5:66>
// CHECK-NEXT:    Cxx " } " <5:68-5:70>
