// Payload classes for queue-small-capacity.asp: one that says how many
// bytes it holds (byteSize()), one that does not.
#pragma once
#include <aspen/runtime.h>

class Unsized : public aspen::Payload {
public:
  int V = 0;
};

class Sized : public aspen::Payload {
public:
  int V = 0;
  size_t byteSize() const override { return sizeof V; }
};
