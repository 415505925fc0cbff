// RUN: %aspenc --dump-cxx %s --hostfile %S/../Dist/Inputs/nodes2 | FileCheck %s
// RUN: %aspenc --dump-cxx %s | FileCheck %s --check-prefix=ONE
// For a program on several nodes, --dump-cxx also prints the wire formats
// aspenc writes for its payload classes: a pair of functions per class
// nested in a container, the class's fields at their offsets, a count and
// the elements for each container (the count read checked against the
// bytes left, at 24 or more per element of a map<string, Point>), and the
// registration; a vector of a plain class without padding as one block of
// bytes. On one node there are none.
#include "Inputs/shapes_wire.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    flow:
      a ||| b;
  }
}
Module A {
  void run() { send new Shapes(); }
}
Module B {
  void run() { QueueElement q = dequeue(); }
}
// CHECK:      #line 1 "<payload wire formats>"
// CHECK-NEXT: #include <aspen/wire.h>
// CHECK:      static void aspen_wire_h0_put(const char *B, aspen::wire::Writer &W) {
// CHECK-NEXT:   W.put((*reinterpret_cast<std::add_pointer_t<const double>>(B + 0)));
// CHECK-NEXT:   W.put((*reinterpret_cast<std::add_pointer_t<const double>>(B + 8)));
// CHECK:      static void aspen_wire_put0(const aspen::Payload &P, aspen::wire::Writer &W) {
// CHECK:        W.put((*reinterpret_cast<std::add_pointer_t<const int>>(B + 8)));
// CHECK-NEXT:   { const auto &C0 = {{.*}}(B + 16)); W.put(uint64_t(C0.size())); for (const auto &E0 : C0) {
// CHECK-NEXT:   W.put(E0.first);
// CHECK-NEXT:   aspen_wire_h0_put(reinterpret_cast<const char *>(&E0.second), W);
// A vector of a plain class without padding goes in one piece.
// CHECK-NEXT:   } }
// CHECK-NEXT:   { const auto &[[V:C[0-9]+]] = {{.*}}(B + 64)); W.put(uint64_t([[V]].size())); W.bytes([[V]].data(), [[V]].size() * sizeof([[V]][0])); }
// CHECK:      static aspen::Payload *aspen_wire_get0(aspen::wire::Reader &R) {
// CHECK:        uint64_t N0; R.get(N0); if (N0 > R.remaining() / 24) throw
// CHECK:        C0.emplace_hint(C0.end(), std::move(K0), std::move(V0));
// CHECK:        uint64_t [[N:N[0-9]+]]; R.get([[N]]); if ([[N]] > R.remaining() / 16) throw
// CHECK-NEXT:   [[V]].resize(size_t([[N]])); R.bytes([[V]].data(), size_t([[N]]) * sizeof([[V]][0])); }
// CHECK:      aspen::wire::registerType(typeid(Shapes), aspen_wire_put0, aspen_wire_get0)
// ONE-NOT: payload wire formats
