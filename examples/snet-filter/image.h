//===- image.h - Images and colour planes of the graphics filter example --===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The C++ values behind the record fields of main.asp:
//   Img      gfx::Image    an 8-bit RGB frame
//   R, G, B  gfx::Channel  one colour plane as floats
// and the image operations the boxes call. Everything is inline: main.asp
// #includes this file, so it is copied into every generated C++ unit.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_EXAMPLES_SNET_FILTER_IMAGE_H
#define ASPEN_EXAMPLES_SNET_FILTER_IMAGE_H

#include <aspen/runtime.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gfx {

inline constexpr int kFrames = 4; // frames the camera produces
inline constexpr int kWidth = 64;
inline constexpr int kHeight = 48;
inline constexpr int kMaxPasses =
    12; // the filter loop stops here at the latest
inline constexpr double kSmoothEnough = 3.0; // see roughness()

/// An interleaved 8-bit RGB frame. It is also the payload of the
/// QueueElements that carry frames into and out of the network.
struct Image : aspen::Payload {
  Image(int frame, int width, int height)
      : frame(frame), width(width), height(height),
        rgb(static_cast<std::size_t>(width) * height * 3) {}

  int frame; // position in the camera's stream
  int width, height;
  int passes = 0; // filter passes the frame went through
  std::vector<std::uint8_t> rgb;
};

/// One colour plane of a frame.
struct Channel {
  int frame = 0;
  int width = 0, height = 0;
  int passes = 0; // filter passes applied so far
  std::vector<float> value;

  /// The value at (x, y), with the border repeated outside the frame.
  float at(int x, int y) const {
    x = std::clamp(x, 0, width - 1);
    y = std::clamp(y, 0, height - 1);
    return value[static_cast<std::size_t>(y) * width + x];
  }
};

/// A 3x3 convolution kernel; the weights sum to 1.
using Kernel = float[3][3];
inline constexpr Kernel kBoxBlur = {{1 / 9.f, 1 / 9.f, 1 / 9.f},
                                    {1 / 9.f, 1 / 9.f, 1 / 9.f},
                                    {1 / 9.f, 1 / 9.f, 1 / 9.f}};
inline constexpr Kernel kGaussian = {{1 / 16.f, 2 / 16.f, 1 / 16.f},
                                     {2 / 16.f, 4 / 16.f, 2 / 16.f},
                                     {1 / 16.f, 2 / 16.f, 1 / 16.f}};
inline constexpr Kernel kCross = {
    {0.f, 1 / 8.f, 0.f}, {1 / 8.f, 4 / 8.f, 1 / 8.f}, {0.f, 1 / 8.f, 0.f}};

/// Colour plane `c` (0 red, 1 green, 2 blue) of `img`.
inline Channel plane(const Image &img, int c) {
  Channel out;
  out.frame = img.frame;
  out.width = img.width;
  out.height = img.height;
  out.passes = img.passes;
  out.value.resize(static_cast<std::size_t>(img.width) * img.height);
  for (std::size_t i = 0; i < out.value.size(); ++i)
    out.value[i] = img.rgb[3 * i + c];
  return out;
}

/// `in` convolved with `k`, one pass more than `in`.
inline Channel convolve(const Channel &in, const Kernel &k) {
  Channel out = in;
  ++out.passes;
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < in.width; ++x) {
      float sum = 0.f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          sum += k[dy + 1][dx + 1] * in.at(x + dx, y + dy);
      out.value[static_cast<std::size_t>(y) * in.width + x] = sum;
    }
  return out;
}

/// Mean absolute difference between horizontally and vertically adjacent
/// values: large for noise, small once the plane is smooth.
inline double roughness(const Channel &c) {
  double sum = 0.0;
  long pairs = 0;
  for (int y = 0; y < c.height; ++y)
    for (int x = 0; x < c.width; ++x) {
      if (x + 1 < c.width) {
        sum += std::fabs(c.at(x + 1, y) - c.at(x, y));
        ++pairs;
      }
      if (y + 1 < c.height) {
        sum += std::fabs(c.at(x, y + 1) - c.at(x, y));
        ++pairs;
      }
    }
  return pairs ? sum / pairs : 0.0;
}

/// The frame made of three planes of the same frame.
inline Image merge(const Channel &r, const Channel &g, const Channel &b) {
  Image img(r.frame, r.width, r.height);
  img.passes = std::max({r.passes, g.passes, b.passes});
  const Channel *planes[3] = {&r, &g, &b};
  for (std::size_t i = 0; i < static_cast<std::size_t>(r.width) * r.height; ++i)
    for (int c = 0; c < 3; ++c)
      img.rgb[3 * i + c] = static_cast<std::uint8_t>(
          std::clamp(std::lround(planes[c]->value[i]), 0L, 255L));
  return img;
}

/// A test card: colour gradients with reproducible noise whose strength
/// grows with the frame number.
inline void paintTestCard(Image &img) {
  std::uint32_t state = 2463534242u + static_cast<std::uint32_t>(img.frame);
  auto noise = [&state]() { // xorshift32
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return static_cast<int>(state % 64) - 32;
  };
  const int strength = 1 + img.frame;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const int base[3] = {255 * x / img.width, 255 * y / img.height,
                           255 * (x + y) / (img.width + img.height)};
      for (int c = 0; c < 3; ++c) {
        const std::size_t i =
            3 * (static_cast<std::size_t>(y) * img.width + x) + c;
        img.rgb[i] = static_cast<std::uint8_t>(
            std::clamp(base[c] + strength * noise() / 2, 0, 255));
      }
    }
}

/// Mean of all samples of `img`.
inline double brightness(const Image &img) {
  double sum = 0.0;
  for (std::uint8_t v : img.rgb)
    sum += v;
  return img.rgb.empty() ? 0.0 : sum / img.rgb.size();
}

} // namespace gfx

#endif // ASPEN_EXAMPLES_SNET_FILTER_IMAGE_H
