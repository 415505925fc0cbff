// Declared here, defined in checksum.cpp, which the RUN line passes to
// aspenc next to the .asp file.
#ifndef RUN_INPUTS_CHECKSUM_H
#define RUN_INPUTS_CHECKSUM_H
#include <cstdint>

uint32_t fletcher32(const uint16_t *Data, unsigned Words);
extern const char *checksumName;

#endif
