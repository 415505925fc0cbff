// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// getPayload<Matrix>: a payload class from a header next to the program,
// included with a path relative to the .asp file.
#include <cstdio>
#include "Inputs/matrix.h"

Module Main is Root requires Module Make, Module Square, Module Show {
  void initialize() {
    Make m;
    Square sq[2];
    Show s;
    flow:
      m ||| sq ||| s;
  }
}

Module Make {
  void run() {
    for (int k = 1; k <= 4; ++k) {
      Matrix *m = new Matrix(3, 3);
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
          m->at(i, j) = k * (i + 1) + j;
      send QueueElement(m);
    }
  }
}

Module Square {
  void run() {
    for (int n = 0; n < 2; ++n) {
      QueueElement e = dequeue();
      Matrix &a = getPayload<Matrix>(e);
      Matrix *r = new Matrix(a.rows, a.cols);
      for (int i = 0; i < a.rows; ++i)
        for (int j = 0; j < a.cols; ++j) {
          double s = 0;
          for (int k = 0; k < a.cols; ++k)
            s += a.at(i, k) * a.at(k, j);
          r->at(i, j) = s;
        }
      send QueueElement(r);
    }
  }
}

Module Show {
  void run() {
    double total = 0;
    for (int n = 0; n < 4; ++n) {
      QueueElement e = dequeue();
      const Matrix &m = getPayload<Matrix>(e);
      total += m.trace();
    }
    std::printf("sum of traces of the squares: %.1f\n", total);
  }
}
// CHECK: sum of traces of the squares: 1596.0
