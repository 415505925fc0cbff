// words.h -- what the word count's modules pass along.
#ifndef WORDCOUNT_WORDS_H
#define WORDCOUNT_WORDS_H

#include <aspen/runtime.h>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

/// A mapper's counts for the words of one partition. Its key is the
/// partition, so Distribute("hash") sends all of a partition's counts to
/// the same counter.
class Partial : public aspen::Payload {
public:
  Partial(unsigned Partition) : partition(Partition) {}
  unsigned partition;
  std::unordered_map<std::string, long> counts;
  uint64_t key() const override { return partition; }
};

/// A counter's result: its words in byte order, with their counts.
class Sorted : public aspen::Payload {
public:
  std::vector<std::pair<std::string, long>> words;
};

/// The partition of a word: the same for every mapper.
inline unsigned partitionOf(const std::string &w, unsigned n) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : w)
    h = (h ^ c) * 1099511628211ull;
  return unsigned(h % n);
}

#endif
