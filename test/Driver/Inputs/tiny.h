// Declares what Inputs/tiny.cpp defines.
extern "C" int tinyTwice(int X);
