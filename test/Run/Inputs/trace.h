// A payload class for the Run tests: a value and the names of the
// instances it went through.
#ifndef RUN_INPUTS_TRACE_H
#define RUN_INPUTS_TRACE_H
#include <aspen/runtime.h>
#include <string>

struct Trace : aspen::Payload {
  explicit Trace(int V) : value(V) {}
  int value;
  std::string path;
};

#endif
