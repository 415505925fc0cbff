// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// After '::', '.' and '->' the extension words are plain C++ names, so socket
// calls and methods of other objects stay verbatim.
Module Net {
  void run() {
    ::send(fd, buf, n, 0);
    conn.send(packet);
    queue->dequeue();
    Codec::getPayload(raw);
    obj . /* spaced */ send(x);
  }
}

// CHECK:TranslationUnit {{.*}}action-member-calls-verbatim.asp
// CHECK-NEXT:  ActionModuleDecl Net <4:1-12:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    ::send(fd, buf, n, 0);\n    conn.send(packet);\n    queue->dequeue();\n    Codec::getPayload(raw);\n    obj . /* spaced */ send(x);\n  }\n" <4:13-11:4>

// A root module that uses Net makes the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Net {
  void initialize() {
    Net a, b;
    flow:
      a ||| b;
  }
}

// CHECK-NEXT:  RootModuleDecl Main <20:1-26:1>
// CHECK-NEXT:    Requires Net <20:37-20:39>
// CHECK-NEXT:    Initialize <21:3-25:3>
// CHECK-NEXT:      InstanceDecl Net <22:5-22:13>
// CHECK-NEXT:        Declarator a <22:9-22:9>
// CHECK-NEXT:        Declarator b <22:12-22:12>
// CHECK-NEXT:      FlowLabel <23:5-23:9>
// CHECK-NEXT:      FlowStmt <24:7-24:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref a <24:7-24:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref b <24:13-24:13>
