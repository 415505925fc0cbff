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
