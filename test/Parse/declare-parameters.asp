// RUN: %aspenc --dump-ast %s | FileCheck %s
// A parameters section: each declaration's name is its last identifier
// before any initialiser; template arguments, pointers and braces are fine.
Module Main is Root requires Module M {
  void initialize() {
    const int K = 2;
    M m("in.txt", K * 3), v[K]("x"), e("a", -1, 0x10);
    flow:
  }
}
Declare Module M {
  parameters {
    std::string path;
    long count = 8;
    std::map<std::string, std::vector<int>> table{};
    const char *label = "x";
  }
}
Module M { void run() {} }
// CHECK:      Declarator m("in.txt", (K * 3))
// CHECK:      Declarator v[K]("x")
// CHECK:      Declarator e("a", -1, 16)
// CHECK:      DeclareModuleDecl M
// CHECK-NEXT:   Param path <13:17-13:20>
// CHECK-NEXT:   Param count (has default)
// CHECK-NEXT:   Param table (has default)
// CHECK-NEXT:   Param label (has default)
