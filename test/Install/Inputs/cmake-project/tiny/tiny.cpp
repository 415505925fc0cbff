#include "tiny.h"
extern "C" int tinyScale(int X) { return TINY_FACTOR * X; }
