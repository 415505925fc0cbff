// main.asp - the chemistry application of the Aspen paper, Figure 3(a).
//
// Sixteen Chemical instances fit the three rate constants of a reaction
// model to 32 experimental runs with a Levenberg-Marquardt optimiser. Each
// instance owns two of the runs. In every round each instance sends the
// errors of its own runs to the all-reduce `r` and dequeues the sum over all
// instances, which is the error vector of every run. The instances then take
// the same optimiser step, so they stay in agreement without ever talking to
// each other directly.

#include <aspen/runtime.h>
#include <algorithm>
#include <cmath>
#include <iostream>
#include <vector>
#include "chemistry.h"

Module Main is Root requires Module Chemical, Module Reduce {
  void initialize() {
    Chemical c[16];
    Reduce r;
    flow:
      c ||| r(sum);   // no receivers: all-reduce, every c[i] gets the sum
  }
}

Module Chemical {
  void run() {
    double rates[chemistry::kParameters] = {0.5, 0.5, 0.5}; // first guess
    optimization_fcn(chemistry::kErrorVectorSize, chemistry::kParameters,
                     rates, /*iterations=*/30);
    if (instanceIndex() == 0) {
      std::cout << instanceName() << " of " << instanceCount()
                << ": k1 = " << rates[0] << ", k2 = " << rates[1]
                << ", k3 = " << rates[2] << " (data made with "
                << chemistry::kTrueRates[0] << ", " << chemistry::kTrueRates[1]
                << ", " << chemistry::kTrueRates[2] << ")\n";
    }
  }

  // Fits rates[0 .. parameter_size) to every run. Each iteration runs
  // exactly parameter_size + 2 all-reduce rounds whatever the data, so no
  // instance ever waits for a contribution another instance will not send.
  void optimization_fcn(int error_vector_size, int parameter_size,
                        double *rates, int iterations) {
    QueueElement qs, qr;
    const double *error_temp;
    // error_vectors[0]: errors at `rates`; error_vectors[i + 1]: errors with
    // rates[i] moved by step[i], for a forward-difference Jacobian.
    std::vector<std::vector<double>> error_vectors(
        parameter_size + 1, std::vector<double>(error_vector_size));
    std::vector<double> measured(error_vector_size);
    std::vector<double> step(parameter_size), shifted(parameter_size);
    std::vector<double> trial(parameter_size), trial_errors(error_vector_size);
    double lambda = 1e-3;
    int i;

    measure_own_runs(measured);
    for (int iteration = 0; iteration < iterations; ++iteration) {
      own_errors(rates, measured, error_vectors[0]);
      for (i = 0; i < parameter_size; i++) {
        std::copy(rates, rates + parameter_size, shifted.begin());
        step[i] = 1e-6 * std::max(1.0, std::fabs(rates[i]));
        shifted[i] += step[i];
        own_errors(shifted.data(), measured, error_vectors[i + 1]);
      }

      // Sum each error vector over all instances (Figure 3(a), S14-S21).
      for (i = 0; i < parameter_size + 1; i++) {
        qs = QueueElement(new ChemicalPayload(error_vectors[i].data(),
                                              error_vector_size));
        send qs;
        qr = dequeue();
        error_temp = getPayload<ChemicalPayload>(qr).data();
        std::copy(error_temp, error_temp + error_vector_size,
                  error_vectors[i].begin());
      }

      // Normal equations JtJ x = Jt r of the linearised problem.
      const std::vector<double> &r = error_vectors[0];
      std::vector<double> jtj(parameter_size * parameter_size, 0.0);
      std::vector<double> jtr(parameter_size, 0.0), jrow(parameter_size);
      for (int k = 0; k < error_vector_size; ++k) {
        for (i = 0; i < parameter_size; ++i)
          jrow[i] = (error_vectors[i + 1][k] - r[k]) / step[i];
        for (i = 0; i < parameter_size; ++i) {
          jtr[i] += jrow[i] * r[k];
          for (int j = 0; j < parameter_size; ++j)
            jtj[i * parameter_size + j] += jrow[i] * jrow[j];
        }
      }
      const double cost = squared_norm(r.data(), error_vector_size);

      // Damped step (JtJ + lambda diag(JtJ)) delta = -Jt r.
      std::vector<double> delta(parameter_size);
      for (i = 0; i < parameter_size; ++i) {
        jtj[i * parameter_size + i] *= 1.0 + lambda;
        delta[i] = -jtr[i];
      }
      solve(jtj, delta, parameter_size);
      for (i = 0; i < parameter_size; ++i)
        trial[i] = rates[i] + delta[i];

      // One more round: the error at the trial point, over all runs.
      own_errors(trial.data(), measured, trial_errors);
      qs = QueueElement(new ChemicalPayload(trial_errors.data(),
                                            error_vector_size));
      send qs;
      qr = dequeue();
      error_temp = getPayload<ChemicalPayload>(qr).data();
      if (squared_norm(error_temp, error_vector_size) < cost) {
        std::copy(trial.begin(), trial.end(), rates);
        lambda = std::max(lambda / 10, 1e-12);
      } else {
        lambda = std::min(lambda * 10, 1e12);
      }
    }
  }

  // Runs are dealt out round-robin: instance i of n owns runs i, i + n, ...
  bool owns(int run) {
    return run % static_cast<int>(instanceCount()) ==
           static_cast<int>(instanceIndex());
  }

  // The measurements of this instance's runs, at their place in the error
  // vector.
  void measure_own_runs(std::vector<double> &measured) {
    for (int run = 0; run < chemistry::kExperiments; ++run)
      if (owns(run))
        chemistry::measure(run,
                           &measured[run * chemistry::kErrorsPerExperiment]);
  }

  // Model minus measurement for this instance's runs. The entries of runs
  // that other instances own stay 0, so the sum over all instances is the
  // error vector of every run.
  void own_errors(const double *rates, const std::vector<double> &measured,
                  std::vector<double> &errors) {
    std::fill(errors.begin(), errors.end(), 0.0);
    for (int run = 0; run < chemistry::kExperiments; ++run) {
      if (!owns(run))
        continue;
      const int first = run * chemistry::kErrorsPerExperiment;
      chemistry::simulate(rates, run, &errors[first]);
      for (int k = 0; k < chemistry::kErrorsPerExperiment; ++k)
        errors[first + k] -= measured[first + k];
    }
  }

  double squared_norm(const double *v, int n) {
    double sum = 0.0;
    for (int k = 0; k < n; ++k)
      sum += v[k] * v[k];
    return sum;
  }

  // Solves a x = b for the n-by-n row-major matrix a by Gaussian elimination
  // with partial pivoting; b is replaced by x (by 0 if a is singular).
  void solve(std::vector<double> &a, std::vector<double> &b, int n) {
    for (int col = 0; col < n; ++col) {
      int pivot = col;
      for (int row = col + 1; row < n; ++row)
        if (std::fabs(a[row * n + col]) > std::fabs(a[pivot * n + col]))
          pivot = row;
      if (a[pivot * n + col] == 0.0) {
        std::fill(b.begin(), b.end(), 0.0);
        return;
      }
      if (pivot != col) {
        for (int k = 0; k < n; ++k)
          std::swap(a[col * n + k], a[pivot * n + k]);
        std::swap(b[col], b[pivot]);
      }
      for (int row = col + 1; row < n; ++row) {
        const double f = a[row * n + col] / a[col * n + col];
        for (int k = col; k < n; ++k)
          a[row * n + k] -= f * a[col * n + k];
        b[row] -= f * b[col];
      }
    }
    for (int row = n - 1; row >= 0; --row) {
      double x = b[row];
      for (int k = row + 1; k < n; ++k)
        x -= a[row * n + k] * b[k];
      b[row] = x / a[row * n + row];
    }
  }
}
