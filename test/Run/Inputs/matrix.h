// A user payload class for the Run tests.
#ifndef RUN_INPUTS_MATRIX_H
#define RUN_INPUTS_MATRIX_H
#include <aspen/runtime.h>
#include <vector>

class Matrix : public aspen::Payload {
public:
  Matrix(int Rows, int Cols) : rows(Rows), cols(Cols), cells(Rows * Cols) {}
  double &at(int R, int C) { return cells[R * cols + C]; }
  double trace() const {
    double T = 0;
    for (int I = 0; I < rows && I < cols; ++I)
      T += cells[I * cols + I];
    return T;
  }
  int rows, cols;

private:
  std::vector<double> cells;
};

#endif
