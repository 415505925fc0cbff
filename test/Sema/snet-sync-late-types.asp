// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s
// Records that reach a synchro-cell after it fired pass unchanged, so they
// are among the types leaving it. A stage that rejects a type only such
// late records have is a warning, not an error: S-Net runs the program (its
// own poweroftwo2 has a cell alone in each replica, where none come late).
// A type that also arrives otherwise is still an error (the second net).
#include <aspen/snet.h>

// CHECK: snet-sync-late-types.asp:[[@LINE+3]]:31: warning: records of type {<a>} reach this filter only by passing a synchro-cell after it fired, and it accepts only {<a>, <b>}: S-Net runs the program, and such a record, if one comes, is an error at run time
// CHECK: snet-sync-late-types.asp:[[@LINE+2]]:9: note: they pass this synchro-cell once it has fired
net Late ({<a>} | {<b>} -> {<s>})
connect [| {<a>}, {<b>} |] .. [{<a>, <b>} -> {<s = a + b>}];

// CHECK: snet-sync-late-types.asp:[[@LINE+2]]:31: error: records of type {<c>} reach this filter, which accepts only {<a>, <b>}
net Stray ({<a>} | {<b>} | {<c>} -> {<s>})
connect [| {<a>}, {<b>} |] .. [{<a>, <b>} -> {<s = a + b>}];

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Late ||| Stray ||| sink;
  }
}
Module Src { void run() { } }
Module Sink { void run() { } }
