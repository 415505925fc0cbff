// A library of the project, built by CMake.
#pragma once
extern "C" int tinyScale(int X);
