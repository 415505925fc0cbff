// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// Names take the characters C++ identifiers take (XID_Start, then
// XID_Continue), as Clang does: an invisible character or a bidi control
// would make two names that look alike differ. Accented letters are fine.
Module Main is Root requires Module W {
  void initialize() {
// CHECK: fail_identifier_chars.asp:[[@LINE+1]]:8: error: character <U+200B> not allowed in an identifier
    W w​;
// CHECK: fail_identifier_chars.asp:[[@LINE+1]]:12: error: character <U+0301> not allowed at the start of an identifier
    W été, ́x;
// CHECK: fail_identifier_chars.asp:[[@LINE+1]]:12: error: character <U+2192> not allowed in an identifier
    W arrow→;
    flow:
      été ||| été;
  }
}
// CHECK: fail_identifier_chars.asp:[[@LINE+1]]:30: error: character <U+202E> not allowed in an identifier
Module W { void run() { int a‮ = 1; } }
