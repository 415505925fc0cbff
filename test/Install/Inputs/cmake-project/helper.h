// Defined in helper.cpp, which aspenc compiles with the program.
#pragma once
int helperBase();
