// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A data_section is kept verbatim, braces in initialisers and strings too.
Declare Module Parallel {
  data_section {
    double *send_buffer1, *send_buffer2;
    std::map<int, std::string> names{{1, "}"}};
  }
}
Declare Module Empty { data_section { } }
Declare Module Bare { }

// CHECK:TranslationUnit {{.*}}declare-data-section.asp
// CHECK-NEXT:  DeclareModuleDecl Parallel <3:1-8:1>
// CHECK-NEXT:    DataSection "\n    double *send_buffer1, *send_buffer2;\n    std::map<int, std::string> names{{\{\{}}1, \"}\"}};\n  " <4:17-7:2>
// CHECK-NEXT:  DeclareModuleDecl Empty <9:1-9:41>
// CHECK-NEXT:    DataSection " " <9:38-9:38>
// CHECK-NEXT:  DeclareModuleDecl Bare <10:1-10:23>
