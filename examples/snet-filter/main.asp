// main.asp - the dynamic graphics filter pipeline of the S-Net paper
// (Grelck et al., Figure 2), fed by a camera and drained by a display.
//
//   Pre    splits a frame {Img} into its colour planes {R, G, B};
//   Pipe   runs the planes through one filter each, joins them again and
//          lets Test decide whether another pass is needed; the star
//          combinator repeats Pipe until a record carries the tag <done>;
//   Post   joins the planes into a frame and drops <done>.
// Camera and Display are ordinary action modules: the flow statement of Main
// connects the camera's output to the network and the network to the
// display.

#include <aspen/runtime.h>
#include <aspen/snet.h>
#include <algorithm>
#include <iostream>
#include <sstream>
#include "image.h"

Module Main is Root requires Module Camera, Module Display {
  void initialize() {
    Camera camera;
    Display display;
    flow:
      camera ||| Example ||| display;
  }
}

net Example ({Img} -> {Img}) {
  net Split connect [{R,G,B} -> {R}; {G}; {B}];
  net Sync connect [|{R},{G},{B}|] * {R,G,B};
  net Pipe connect (Split .. (fR|fG|fB) .. Sync .. Test) * {<done>};
}
connect Pre .. Pipe .. Post;

// ---------------------------------------------------------------- boxes
// A box function gets the fields of its input record, then its tags, in the
// order of the signature; emit<K>(...) sends a record of the K-th output type.

Module Pre is Box ({Img} -> {R, G, B}) {
  void box(const gfx::Image &img) {
    emit<1>(gfx::plane(img, 0), gfx::plane(img, 1), gfx::plane(img, 2));
  }
}

Module fR is Box ({R} -> {R}) {
  void box(const gfx::Channel &r) { emit<1>(gfx::convolve(r, gfx::kBoxBlur)); }
}

Module fG is Box ({G} -> {G}) {
  void box(const gfx::Channel &g) { emit<1>(gfx::convolve(g, gfx::kGaussian)); }
}

Module fB is Box ({B} -> {B}) {
  void box(const gfx::Channel &b) { emit<1>(gfx::convolve(b, gfx::kCross)); }
}

// Another pass unless every plane is smooth enough; a frame that does not
// get there stops after kMaxPasses.
Module Test is Box ({R, G, B} -> {R, G, B} | {R, G, B, <done>}) {
  void box(const gfx::Channel &r, const gfx::Channel &g,
           const gfx::Channel &b) {
    const double worst = std::max(
        {gfx::roughness(r), gfx::roughness(g), gfx::roughness(b)});
    if (worst <= gfx::kSmoothEnough || r.passes >= gfx::kMaxPasses)
      emit<2>(r, g, b, /*done=*/1);
    else
      emit<1>(r, g, b);
  }
}

// <done> is in the input type, so it is consumed here instead of flowing on
// to the output record.
Module Post is Box ({R, G, B, <done>} -> {Img}) {
  void box(const gfx::Channel &r, const gfx::Channel &g,
           const gfx::Channel &b, int /*done*/) {
    emit<1>(gfx::merge(r, g, b));
  }
}

// ---------------------------------------------------------------- ends
// Records enter a network as aspen::snet::Record payloads: here each frame
// is the field Img of one record.
Module Camera {
  void run() {
    for (int f = 0; f < gfx::kFrames; ++f) {
      gfx::Image img(f, gfx::kWidth, gfx::kHeight);
      gfx::paintTestCard(img);
      auto *frame = new aspen::snet::Record();
      frame->field("Img", std::move(img));
      send frame;
    }
  }
}

Module Display {
  void run() {
    // Frames may leave the star in any order: a noisy frame takes more
    // passes than a clean one.
    for (int n = 0; n < gfx::kFrames; ++n) {
      QueueElement e = dequeue();
      const gfx::Image &img =
          getPayload<aspen::snet::Record>(e).get<gfx::Image>("Img");
      std::ostringstream line;
      line << instanceName() << ": frame " << img.frame << ", " << img.width
           << "x" << img.height << ", " << img.passes
           << " filter passes, mean brightness " << gfx::brightness(img)
           << "\n";
      std::cout << line.str();
    }
  }
}
