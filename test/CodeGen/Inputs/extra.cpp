// Compiled with verbose.asp: an extra C++ file shows in -v.
int extraValue() { return 1; }
