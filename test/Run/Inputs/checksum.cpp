// Plain C++ compiled by aspenc with the program (see extra_cpp.asp).
#include "checksum.h"

const char *checksumName = "fletcher32";

uint32_t fletcher32(const uint16_t *Data, unsigned Words) {
  uint32_t A = 0xffff, B = 0xffff;
  while (Words) {
    unsigned N = Words > 359 ? 359 : Words;
    Words -= N;
    do {
      A += *Data++;
      B += A;
    } while (--N);
    A = (A & 0xffff) + (A >> 16);
    B = (B & 0xffff) + (B >> 16);
  }
  A = (A & 0xffff) + (A >> 16);
  B = (B & 0xffff) + (B >> 16);
  return B << 16 | A;
}
