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

// The three action modules the declarations belong to, and a root module
// that uses them, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Parallel {
  void run() { send_buffer1 = send_buffer2 = nullptr; }
}

Module Empty {
  void run() {}
}

Module Bare {
  void run() {}
}

Module Main is Root requires Module Parallel, Module Empty, Module Bare {
  void initialize() {
    Parallel p;
    Empty e;
    Bare b;
    flow:
      p ||| e ||| b;
  }
}

// CHECK-NEXT:  ActionModuleDecl Parallel <22:1-24:1>
// CHECK-NEXT:    Cxx "\n  void run() { send_buffer1 = send_buffer2 = nullptr; }\n" <22:18-23:56>
// CHECK-NEXT:  ActionModuleDecl Empty <26:1-28:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <26:15-27:16>
// CHECK-NEXT:  ActionModuleDecl Bare <30:1-32:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <30:14-31:16>
// CHECK-NEXT:  RootModuleDecl Main <34:1-42:1>
// CHECK-NEXT:    Requires Parallel <34:37-34:44>
// CHECK-NEXT:    Requires Empty <34:54-34:58>
// CHECK-NEXT:    Requires Bare <34:68-34:71>
// CHECK-NEXT:    Initialize <35:3-41:3>
// CHECK-NEXT:      InstanceDecl Parallel <36:5-36:15>
// CHECK-NEXT:        Declarator p <36:14-36:14>
// CHECK-NEXT:      InstanceDecl Empty <37:5-37:12>
// CHECK-NEXT:        Declarator e <37:11-37:11>
// CHECK-NEXT:      InstanceDecl Bare <38:5-38:11>
// CHECK-NEXT:        Declarator b <38:10-38:10>
// CHECK-NEXT:      FlowLabel <39:5-39:9>
// CHECK-NEXT:      FlowStmt <40:7-40:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <40:7-40:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref e <40:13-40:13>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref b <40:19-40:19>
