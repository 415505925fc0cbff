//===- Queues.h - The runtime's lock-free structures ------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The entry header of queue/: structures with no policy and no dependency
// on the rest of the runtime, each in a header of its own that cites its
// algorithm and states its guarantees, each with its own unit tests
// (unittests/rt/QueueTest.cpp, PathMapTest.cpp, RingBitsetTest.cpp) ahead
// of the scheduler's.
//
//   AsymmetricBarrier  a Dekker pair whose frequent side is free (wake-ups)
//   SPSCQueue          bounded, one producer, one consumer (graph edges)
//   MPSCQueue          bounded, many producers (fan-in edges)
//   LinkedMPSCQueue    unbounded and intrusive (S-Net streams, requests)
//   WorkStealingDeque  Chase-Lev, owner's end and thieves' end (workers)
//   Examiner           a serialisation point that never blocks (S-Net)
//   PathMap            open addressing keyed by a replica path (S-Net)
//   RingBitset         a set in a sliding window, next member in O(log n)
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_QUEUES_H
#define ASPEN_RT_QUEUE_QUEUES_H

#include "queue/AsymmetricBarrier.h"
#include "queue/Examiner.h"
#include "queue/LinkedMPSCQueue.h"
#include "queue/MPSCQueue.h"
#include "queue/PathMap.h"
#include "queue/PathSet.h"
#include "queue/RingBitset.h"
#include "queue/SPSCQueue.h"
#include "queue/WorkStealingDeque.h"

#endif // ASPEN_RT_QUEUE_QUEUES_H
