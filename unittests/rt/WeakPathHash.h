//===- WeakPathHash.h - A poor hash of replica paths, for tests -*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A deliberately poor hash, so that different paths share hashes and long
// probe runs form: PathMap and PathSet must tell paths apart by the path
// itself, never by the hash alone.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_UNITTESTS_RT_WEAKPATHHASH_H
#define ASPEN_UNITTESTS_RT_WEAKPATHHASH_H

#include <cstdint>
#include <vector>

inline uint64_t weakHash(const std::vector<long> &P) {
  uint64_t H = 0;
  for (long V : P)
    H += uint64_t(V);
  return H % 7;
}

#endif
