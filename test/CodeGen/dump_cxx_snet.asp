// RUN: %aspenc --dump-cxx %s | FileCheck %s
// The C++ aspenc writes for a network: the box's signature as types (so
// Clang checks emit<K> and box() against it), tag expressions over renamed
// tag locals through the checked helpers, each guard and filter wrapped to
// name its place, and the graph built by one function that is not
// optimised (it runs once; optimising it took seconds per hundred boxes).
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Step .. [ {<n>} if (n > 0) -> {<m = n / 2>} ] ||| sink;
  }
}
Module Step is Box ({a, <k>} -> {<n>} | {<n>, b}) {
  void box(int a, long k) { emit<1>(a + k); }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK: using AspenSig_Step = ::aspen::snet::Signature<::aspen::snet::Variant<false, true>, ::aspen::snet::Variant<true>, ::aspen::snet::Variant<true, false>>;
// CHECK: AspenBox_Step : ::aspen::snet::Box<AspenSig_Step> {
// CHECK: ::aspen::snet::invokeBox<AspenSig_Step>(B, &AspenBox_Step::box, In, Input);
// CHECK: static bool {{.*}}_guard0(const ::aspen::snet::Record &In) try {
// CHECK-NEXT:   {{\[\[maybe_unused\]\]}} const long aspen_tag_n = In.tag(
// CHECK:   return (aspen_tag_n > (0L));
// CHECK-NEXT: } catch (const ::aspen::snet::TagError &X) {
// CHECK-NEXT:   ::aspen::snet::tagErrorAt(X, "the guard '(n > 0)' at {{.*}}dump_cxx_snet.asp:12:35");
// Labels are interned once, at start-up, not at each use.
// CHECK: static const ::aspen::snet::Sym [[M:aspen_sym_[0-9]+]]("m");
// CHECK: aspen_out.tag([[M]], long(::aspen::snet::tagDiv(aspen_tag_n, (2L))));
// CHECK: ::aspen::snet::tagErrorAt(X, "the filter at {{.*}}dump_cxx_snet.asp:12:23");
// CHECK: __attribute__((optnone, noinline, cold)) static ::aspen::snet::Graph aspen_net_graph_
