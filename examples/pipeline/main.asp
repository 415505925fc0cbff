// A linear pipeline: a source of samples, two transforming stages and a
// sink that checks what arrives. Each stage is its own module instance; the
// runtime moves payloads between them without copying.
//
//   aspenc main.asp -o pipeline && ./pipeline
#include <cmath>
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Source, Module Scale, Module Smooth, Module Sink {
  void initialize() {
    Source source;
    Scale scale;
    Smooth smooth;
    Sink sink;
    flow:
      source ||| scale ||| smooth ||| sink;
  }
}

// Blocks of samples of a known signal. Returning ends the stream, and each
// stage ends when its input does.
Module Source {
  void run() {
    const int Blocks = 2000, Size = 512;
    for (int b = 0; b < Blocks; ++b) {
      auto *block = new ArrayPayload<double>(Size);
      for (int i = 0; i < Size; ++i)
        (*block)[i] = std::sin(0.001 * (b * Size + i));
      send block;
    }
  }
}

// Multiplies every sample by a gain.
Module Scale {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &block = getPayload<ArrayPayload<double>>(q);
      for (size_t i = 0; i < block.size(); ++i)
        block[i] *= 2.5;
      send q;
    }
  }
}

// A moving average over the last four samples, carried across blocks.
Module Smooth {
  double window[4] = {0, 0, 0, 0};
  int filled = 0;

  double push(double x) {
    window[filled % 4] = x;
    ++filled;
    int n = filled < 4 ? filled : 4;
    double s = 0;
    for (int i = 0; i < n; ++i)
      s += window[i];
    return s / n;
  }

  void run() {
    while (QueueElement q = dequeue()) {
      auto &block = getPayload<ArrayPayload<double>>(q);
      for (size_t i = 0; i < block.size(); ++i)
        block[i] = push(block[i]);
      send q;
    }
  }
}

Module Sink {
  void run() {
    long samples = 0;
    double sum = 0, peak = 0;
    while (QueueElement q = dequeue()) {
      double *x = getPayload(q);
      size_t n = getPayload<ArrayPayload<double>>(q).size();
      for (size_t i = 0; i < n; ++i) {
        sum += x[i];
        peak = std::fmax(peak, x[i]);
      }
      samples += long(n);
    }
    std::printf("pipeline: %ld samples, mean %.6f, peak %.6f\n", samples,
                sum / samples, peak);
  }
}
