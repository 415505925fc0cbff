// main.asp - two concurrent reduces over overlapping instances, Figure 5 of
// the Aspen paper.
//
// Four Parallel instances take part in two reductions at once:
//   r1 sums a contribution from every instance and delivers the total to
//      p[0] and p[2]; here the contributions are pieces of a quadrature of
//      4 / (1 + x^2) over [0, 1], so the total is an estimate of pi;
//   r2 multiplies the contributions of p[1] and p[2], sent on their named
//      output queue outQueue1, and delivers the product to p[3], which takes
//      no part in r2; here p[1] and p[2] each give the survival probability
//      of half of an 8-part system built in series, so the product is the
//      survival probability of the whole system.
// The instances never name each other: which reduce a message joins is
// decided by the queue it is sent on and by the flow statements of Main.

#include <aspen/runtime.h>
#include <cmath>
#include <iostream>
#include <sstream>
#include <vector>
#include "payload.h"

Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r1, r2;
    flow :
      p ||| r1(sum) ||| p[0], p[2];
      p[1:2].outQueue1 ||| r2(multiply) ||| p[3];
  }
}

Declare Module Parallel {
  data_section {
    // Contributions to r1 and r2, refilled every round.
    std::vector<double> send_buffer1, send_buffer2;
  }
  Output:
    Output Queue is outQueue1;
}

Module Parallel {
  void run() {
    QueueElement qs1, qs2, qr1, qr2;
    const int rounds = 3;
    for (int round = 0; round < rounds; ++round) {
      // r1: every instance integrates its quarter of [0, 1].
      const long samples = 1000L << (4 * round);
      send_buffer1 = {quadrature_part(samples), static_cast<double>(samples)};
      qs1 = QueueElement(new ChemicalPayload(send_buffer1.data(),
                                             send_buffer1.size()));
      send qs1;

      // r2: p[1] and p[2] send the survival of their half of the system.
      if (joins_r2()) {
        send_buffer2.clear();
        for (double hours : mission_hours(round))
          send_buffer2.push_back(half_survival(hours));
        qs2 = QueueElement(new ChemicalPayload(send_buffer2.data(),
                                               send_buffer2.size()));
        send qs2 on outQueue1;
      }

      if (receives_r1()) {
        qr1 = dequeue();
        const ChemicalPayload &total = getPayload<ChemicalPayload>(qr1);
        const double pi = total.data()[0];
        std::ostringstream line;
        line << instanceName() << ": round " << round << ", "
             << static_cast<long>(total.data()[1]) << " samples, pi ~ " << pi
             << " (error " << std::fabs(pi - std::acos(-1.0)) << ")\n";
        std::cout << line.str();
      }
      if (receives_r2()) {
        qr2 = dequeue();
        const ChemicalPayload &product = getPayload<ChemicalPayload>(qr2);
        const std::vector<double> hours = mission_hours(round);
        std::ostringstream lines;
        for (std::size_t k = 0; k < product.size(); ++k)
          lines << instanceName() << ": round " << round << ", the system "
                << "survives " << hours[k] << " h with probability "
                << product.data()[k] << "\n";
        std::cout << lines.str();
      }
    }
  }

  // The roles repeat the flow statements of Main:
  //   p ||| r1(sum) ||| p[0], p[2];                 every p[i] joins r1
  //   p[1:2].outQueue1 ||| r2(multiply) ||| p[3];
  bool joins_r2() { return instanceIndex() == 1 || instanceIndex() == 2; }
  bool receives_r1() { return instanceIndex() == 0 || instanceIndex() == 2; }
  bool receives_r2() { return instanceIndex() == 3; }

  // Midpoint rule for 4 / (1 + x^2) over this instance's share of [0, 1].
  double quadrature_part(long samples) {
    const double width = 1.0 / instanceCount();
    const double lo = instanceIndex() * width;
    const double h = width / samples;
    double sum = 0.0;
    for (long k = 0; k < samples; ++k) {
      const double x = lo + (k + 0.5) * h;
      sum += 4.0 / (1.0 + x * x);
    }
    return sum * h;
  }

  std::vector<double> mission_hours(int round) {
    const double scale = round + 1;
    return {10 * scale, 100 * scale, 1000 * scale};
  }

  // Part j of the system fails at the constant rate 1e-4 * (j + 1) per
  // hour. p[1] owns parts 0-3 and p[2] parts 4-7; parts in series all have
  // to survive, so a half survives with exp(-(sum of its rates) * hours).
  double half_survival(double hours) {
    const int first = (static_cast<int>(instanceIndex()) - 1) * 4;
    double rate = 0.0;
    for (int j = first; j < first + 4; ++j)
      rate += 1e-4 * (j + 1);
    return std::exp(-rate * hours);
  }
}
