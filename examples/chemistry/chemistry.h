//===- chemistry.h - Payload and kinetic model of the chemistry example ---===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ChemicalPayload carries one error vector of the optimiser to the all-reduce
// and back. The rest of the file is the problem being fitted: a reversible
// two-step reaction
//
//     A --k1--> B --k2--> C,     B --k3--> A
//
// observed in kExperiments runs that differ only in the initial amount of A.
// Every run measures [A] and [B] at kTimePoints times. The "measurements" are
// synthetic: the model at kTrueRates plus a reproducible 1% error, so the fit
// has a known answer.
//
// main.asp #includes this file, so it is copied into every C++ unit the
// compiler generates: it holds only types, constants and inline functions.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_EXAMPLES_CHEMISTRY_CHEMISTRY_H
#define ASPEN_EXAMPLES_CHEMISTRY_CHEMISTRY_H

#include <aspen/runtime.h>
#include <aspen/wire.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

/// A block of doubles travelling in a QueueElement. The payload owns a copy
/// of the values, so the sender may reuse its buffer as soon as `send`
/// returns. It is an array payload of double, so the built-in reduce
/// operations combine it elementwise, and `double *p = getPayload(q)` works;
/// CloneablePayload lets a reduce hand one result to several receivers.
class ChemicalPayload final
    : public aspen::CloneablePayload<ChemicalPayload,
                                     aspen::ArrayPayload<double>> {
public:
  ChemicalPayload(const double *values, std::size_t count)
      : CloneablePayload(values, count) {}
  explicit ChemicalPayload(std::vector<double> values)
      : CloneablePayload(std::move(values)) {}

  // Between nodes (aspenc --hostfile) the values travel as a vector; the
  // class is not a plain ArrayPayload, so it says how.
  void serialize(aspen::wire::Writer &w) const {
    w.put(std::vector<double>(data(), data() + size()));
  }
  static ChemicalPayload *deserialize(aspen::wire::Reader &r) {
    std::vector<double> values;
    r.get(values);
    return new ChemicalPayload(std::move(values));
  }
};

namespace chemistry {

inline constexpr int kParameters = 3;   // k1, k2, k3
inline constexpr int kExperiments = 32; // runs, dealt out to the instances
inline constexpr int kTimePoints = 24;  // samples per run
inline constexpr int kSpecies = 2;      // [A] and [B] are measured
inline constexpr int kErrorsPerExperiment = kTimePoints * kSpecies;
inline constexpr int kErrorVectorSize = kExperiments * kErrorsPerExperiment;

inline constexpr double kSampleInterval = 0.25; // time between samples
inline constexpr int kSubsteps = 16;            // RK4 steps per interval
inline constexpr double kTrueRates[kParameters] = {0.9, 0.35, 0.2};

/// Initial [A] of run `run`; [B] always starts at 0.
inline double initial_a(int run) { return 0.5 + 0.125 * run; }

/// Integrates
///     d[A]/dt = -k1 [A] + k3 [B]
///     d[B]/dt =  k1 [A] - (k2 + k3) [B]
/// with the classical fourth-order Runge-Kutta method and writes [A] and [B]
/// at each sample time to out[0 .. kErrorsPerExperiment).
inline void simulate(const double *rates, int run, double *out) {
  const double k1 = rates[0], k2 = rates[1], k3 = rates[2];
  auto d_a = [&](double a, double b) { return -k1 * a + k3 * b; };
  auto d_b = [&](double a, double b) { return k1 * a - (k2 + k3) * b; };
  const double h = kSampleInterval / kSubsteps;
  double a = initial_a(run), b = 0.0;
  for (int t = 0; t < kTimePoints; ++t) {
    out[kSpecies * t] = a;
    out[kSpecies * t + 1] = b;
    for (int s = 0; s < kSubsteps; ++s) {
      const double a1 = d_a(a, b), b1 = d_b(a, b);
      const double a2 = d_a(a + h / 2 * a1, b + h / 2 * b1);
      const double b2 = d_b(a + h / 2 * a1, b + h / 2 * b1);
      const double a3 = d_a(a + h / 2 * a2, b + h / 2 * b2);
      const double b3 = d_b(a + h / 2 * a2, b + h / 2 * b2);
      const double a4 = d_a(a + h * a3, b + h * b3);
      const double b4 = d_b(a + h * a3, b + h * b3);
      a += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4);
      b += h / 6 * (b1 + 2 * b2 + 2 * b3 + b4);
    }
  }
}

/// The measured [A] and [B] of run `run`: the model at kTrueRates with a
/// reproducible relative error of at most 1%.
inline void measure(int run, double *out) {
  simulate(kTrueRates, run, out);
  for (int i = 0; i < kErrorsPerExperiment; ++i)
    out[i] *= 1.0 + 0.01 * std::sin(12.9898 * (run * kErrorsPerExperiment + i));
}

} // namespace chemistry

#endif // ASPEN_EXAMPLES_CHEMISTRY_CHEMISTRY_H
