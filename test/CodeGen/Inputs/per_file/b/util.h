// b/util.h: lib.asp's own "util.h", a different header of the same name.
#ifndef PER_FILE_UTIL_B_H
#define PER_FILE_UTIL_B_H
inline const char *whereB() { return "b/util.h"; }
#endif
