// For fail_box_signature_checks.test: a box whose emits and box() agree
// with its signature, unless one of the BAD_* macros is defined.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

#if defined(BAD_PARAMS)
#define ECHO_PARAMS int x
#define ECHO_EMIT emit<2>(x)
#elif defined(BAD_REF)
#define ECHO_PARAMS int &x, const long &t
#else
#define ECHO_PARAMS const int &x, const long &t // a tag by const reference
#endif
#if defined(BAD_VARIANT)
#define ECHO_EMIT emit<3>(x)
#elif defined(BAD_ARITY)
#define ECHO_EMIT emit<1>(x)
#elif defined(BAD_TAG)
#define ECHO_EMIT emit<1>(x, 2.5)
#elif !defined(ECHO_EMIT)
#define ECHO_EMIT emit<1>(x, t)
#endif
#if defined(BAD_STATIC)
#define ECHO_STATE static int calls = 0; ++calls;
#else
#define ECHO_STATE
#endif

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Echo ||| sink;
  }
}

Module Echo is Box ({x, <t>} -> {r, <t>} | {s}) {
  void box(ECHO_PARAMS) {
    ECHO_STATE
    ECHO_EMIT;
  }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->field("x", 5).tag("t", 7);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      std::printf("{r=%d <t=%ld>}\n", r.get<int>("r"), r.tag("t"));
    }
  }
}
