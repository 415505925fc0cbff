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

// Blocks of samples of a known signal, then one empty block to end the stream.
Module Source {
  void run() {
    const int Blocks = 2000, Size = 512;
    for (int b = 0; b < Blocks; ++b) {
      auto *block = new ArrayPayload<double>(Size);
      for (int i = 0; i < Size; ++i)
        (*block)[i] = std::sin(0.001 * (b * Size + i));
      send block;
    }
    send new ArrayPayload<double>(0);
  }
}

// Multiplies every sample by a gain.
Module Scale {
  void run() {
    for (;;) {
      QueueElement q = dequeue();
      auto &block = getPayload<ArrayPayload<double>>(q);
      for (size_t i = 0; i < block.size(); ++i)
        block[i] *= 2.5;
      bool last = block.size() == 0;
      send q;
      if (last)
        return;
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
    for (;;) {
      QueueElement q = dequeue();
      auto &block = getPayload<ArrayPayload<double>>(q);
      for (size_t i = 0; i < block.size(); ++i)
        block[i] = push(block[i]);
      bool last = block.size() == 0;
      send q;
      if (last)
        return;
    }
  }
}

Module Sink {
  void run() {
    long samples = 0;
    double sum = 0, peak = 0;
    for (;;) {
      QueueElement q = dequeue();
      double *x = getPayload(q);
      size_t n = getPayload<ArrayPayload<double>>(q).size();
      if (n == 0)
        break;
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
