// Word count as MapReduce over a flow graph:
//
//   src ||| Distribute ||| map[M] ||| Distribute("hash") ||| count[K] ||| Gather ||| sink
//
// FileSource reads input.txt in blocks of whole lines, dealt round-robin to
// the mappers; each counts the words of its blocks and, at the end of its
// stream, sends one Partial per partition of the words (by first letter, in
// byte order), keyed by the partition so that Distribute("hash") brings all
// of a partition's counts to one counter. Each counter merges, sorts and
// formats its partition; Gather joins the counters' texts in partition
// order, which is the output of `tr -s '[:space:]' '\n' | LC_ALL=C sort |
// uniq -c`, and FileSink writes it.
//
//   python3 examples/wordcount/gen.py 100 input.txt
//   aspenc examples/wordcount/main.asp -o wordcount && ./wordcount
//   (writes counts.txt)
#include "words.h"
#include <algorithm>
#include <cstdio>

Module Main is Root requires Module FileSource, Module Distribute, Module Map,
                             Module Count, Module FileSink {
  void initialize() {
    const int M = 4;  // mappers
    const int K = 4;  // counters: the partitions of the words
    FileSource src("input.txt", 1024 * 1024);
    Distribute blocks, byKey("hash");
    Map map[M](K);
    Count count[K];
    FileSink sink("counts.txt");
    flow:
      src ||| blocks ||| map ||| byKey ||| count ||| Gather() ||| sink;
  }
}

Declare Module Map {
  parameters {
    long partitions;
  }
}

// Words are runs of bytes other than space, tab, CR, LF, VT and FF.
Module Map {
  void run() {
    std::unordered_map<std::string, long> counts;
    std::string w;
    while (QueueElement q = dequeue()) {
      const std::string &text = getPayload<aspen::StringPayload>(q).str();
      const char *p = text.data(), *end = p + text.size();
      while (p < end) {
        while (p < end && isSpace(*p))
          ++p;
        const char *s = p;
        while (p < end && !isSpace(*p))
          ++p;
        if (p > s) {
          w.assign(s, p);
          ++counts[w];
        }
      }
    }
    std::vector<Partial *> parts;
    for (long k = 0; k < partitions; ++k)
      parts.push_back(new Partial(unsigned(k)));
    for (auto &[word, n] : counts)
      parts[partitionOf(word, unsigned(partitions))]->counts.emplace(word, n);
    for (Partial *p : parts)
      send p;
  }

  static bool isSpace(char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' ||
           c == '\f';
  }
}

// One partition: every mapper's counts of its words, merged, then the
// words in byte order as `uniq -c` prints them. Sends one text even when the
// partition is empty: Gather takes one message from every counter.
Module Count {
  void run() {
    std::unordered_map<std::string, long> counts;
    while (QueueElement q = dequeue()) {
      auto &part = getPayload<Partial>(q);
      if (counts.empty())
        counts.swap(part.counts);
      else
        for (auto &[word, n] : part.counts)
          counts[word] += n;
    }
    std::vector<std::pair<std::string, long>> words(counts.begin(), counts.end());
    std::sort(words.begin(), words.end());
    std::string out;
    char num[32];
    for (auto &[word, n] : words) {
      std::snprintf(num, sizeof num, "%7ld ", n);
      out += num;
      out += word;
      out += '\n';
    }
    send new aspen::StringPayload(std::move(out));
  }
}
