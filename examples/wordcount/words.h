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
  explicit Partial(unsigned Partition = 0) : partition(Partition) {}
  unsigned partition;
  std::unordered_map<std::string, long> counts;
  uint64_t key() const override { return partition; }
};

/// The partition of a word: by its first byte, in byte order, so that the
/// counters' sorted outputs joined in partition order are sorted too. Bytes
/// 'a' to 'z' are spread evenly (text is mostly lower case), the others go
/// to the first or last partition. The same for every mapper.
inline unsigned partitionOf(const std::string &w, unsigned n) {
  unsigned char c = static_cast<unsigned char>(w[0]);
  if (c < 'a')
    return 0;
  if (c > 'z')
    return n - 1;
  return unsigned(c - 'a') * n / 26;
}

#endif
