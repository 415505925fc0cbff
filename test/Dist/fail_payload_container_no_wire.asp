// RUN: not %aspenc %s --hostfile %S/Inputs/nodes2 -o %t 2>&1 | FileCheck %s
// A container field of a payload class that holds what cannot be sent (a
// pointer), or a class the receiving node could not create (no default
// constructor), is a compile-time error naming the field as written and
// the part of it that fails; so is a field of a class template's
// specialization that cannot be sent, named with its arguments; and a
// unique_ptr the reader could not fill (to a polymorphic class), and a
// shared_ptr to a mutable object, whose sharers on two nodes would part.
#include "Inputs/tree.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      // CHECK: fail_payload_container_no_wire.asp:[[@LINE+5]]:7: error: payload class 'Tree' cannot cross from node '127.0.0.1' to node '127.0.0.2' on edge 'a -> b': field 'children' has type 'std::map<std::string, std::vector<Node *>>', and 'Node *' in it cannot be sent
      // CHECK: fail_payload_container_no_wire.asp:[[@LINE+4]]:7: error: payload class 'Sheet' cannot cross from node '127.0.0.1' to node '127.0.0.2' on edge 'a -> b': field 'cells' has type 'std::map<int, Cell>', and 'Cell' in it has no default constructor
      // CHECK: fail_payload_container_no_wire.asp:[[@LINE+3]]:7: error: payload class 'Owner' cannot cross from node '127.0.0.1' to node '127.0.0.2' on edge 'a -> b': field 'shape' has type 'std::unique_ptr<Shape>' (a pointer to an array or to a polymorphic class, or a deleter of its own)
      // CHECK: fail_payload_container_no_wire.asp:[[@LINE+2]]:7: error: payload class 'Sharer' cannot cross from node '127.0.0.1' to node '127.0.0.2' on edge 'a -> b': field 'counter' has type 'std::shared_ptr<Counter>' (a std::shared_ptr to an object that is not const: its sharers on two nodes would not see each other's changes; use std::shared_ptr<const T>, std::unique_ptr or a value)
      // CHECK: fail_payload_container_no_wire.asp:[[@LINE+1]]:7: error: payload class 'Holder<int *>' cannot cross from node '127.0.0.1' to node '127.0.0.2' on edge 'a -> b': field 'held' has type 'int *'
      a ||| b;
  }
}
Module A {
  void run() {
    send new Tree();
    send new Sheet();
    send new Holder<int *>();
    send new Owner();
    send new Sharer();
  }
}
Module B {
  void run() { QueueElement q = dequeue(); }
}
