// The messages of bench/rde/matmul.asp.
#pragma once
#include "kernels.h"
#include <aspen/runtime.h>

/// A task: elements [First, First + Count) of C, and the matrices.
class Task : public aspen::Payload {
public:
  Task(std::shared_ptr<const rde::Matrices> M, long First, long Count)
      : M(std::move(M)), First(First), Count(Count) {}
  // What it holds (the matrices are shared, not held): a task is a small
  // element (docs/language.md, "Payload classes").
  size_t byteSize() const override { return 2 * sizeof(long); }
  std::shared_ptr<const rde::Matrices> M;
  long First, Count;
};

/// A result: the elements of a task.
class Part : public aspen::Payload {
public:
  Part(long First, std::vector<double> V) : First(First), V(std::move(V)) {}
  size_t byteSize() const override {
    return sizeof(long) + V.size() * sizeof(double);
  }
  long First;
  std::vector<double> V;
};
