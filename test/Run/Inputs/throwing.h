// A member whose constructor throws, for fail_exception_constructor.asp.
#ifndef RUN_INPUTS_THROWING_H
#define RUN_INPUTS_THROWING_H
#include <stdexcept>

struct Throwing {
  Throwing() { throw std::invalid_argument("no configuration"); }
};

#endif
