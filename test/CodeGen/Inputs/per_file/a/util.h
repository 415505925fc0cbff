// a/util.h: main.asp's own "util.h" (test/CodeGen/include_per_file.test).
#ifndef PER_FILE_UTIL_H
#define PER_FILE_UTIL_H
inline const char *whereA() { return "a/util.h"; }
#endif
