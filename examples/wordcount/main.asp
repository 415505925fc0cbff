// Word count as MapReduce over a flow graph:
//
//   src ||| Distribute ||| map[M] ||| Distribute("hash") ||| count[K] ||| merge ||| sink
//
// FileSource reads input.txt in blocks of whole lines; mappers count the
// words of their blocks and, at the end of their stream, send one Partial
// per partition of the words; the partitions meet at their counters, which
// sort them; `merge` joins the sorted runs into the output of
// `tr -s '[:space:]' '\n' | LC_ALL=C sort | uniq -c`.
//
//   python3 examples/wordcount/gen.py 100 input.txt
//   aspenc examples/wordcount/main.asp -o wordcount && ./wordcount
//   (writes counts.txt)
#include "words.h"
#include <algorithm>
#include <cstdio>

Module Main is Root requires Module FileSource, Module Distribute, Module Map,
                             Module Count, Module Merge, Module FileSink {
  void initialize() {
    const int M = 4;  // mappers
    const int K = 4;  // counters: the partitions of the words
    FileSource src("input.txt", 1024 * 1024);
    Distribute blocks, byKey("hash");
    Map map[M](K);
    Count count[K];
    Merge merge;
    FileSink sink("counts.txt");
    flow:
      src ||| blocks ||| map ||| byKey ||| count ||| merge ||| sink;
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
    auto *out = new Sorted();
    out->words.assign(counts.begin(), counts.end());
    std::sort(out->words.begin(), out->words.end());
    send out;
  }
}

// Joins the counters' sorted runs and formats them as `uniq -c` does.
Module Merge {
  void run() {
    std::vector<QueueElement> runs;
    while (QueueElement q = dequeue())
      runs.push_back(std::move(q));
    using Item = std::pair<const std::pair<std::string, long> *, size_t>;
    auto later = [](const Item &a, const Item &b) {
      return a.first->first > b.first->first;
    };
    std::vector<Item> heap;
    std::vector<const Sorted *> sorted;
    for (auto &r : runs) {
      sorted.push_back(&getPayload<Sorted>(r));
      if (!sorted.back()->words.empty())
        heap.push_back({&sorted.back()->words[0], sorted.size() - 1});
    }
    std::make_heap(heap.begin(), heap.end(), later);
    std::vector<size_t> next(sorted.size(), 1);
    std::string out;
    char num[32];
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), later);
      auto [item, run] = heap.back();
      heap.pop_back();
      std::snprintf(num, sizeof num, "%7ld ", item->second);
      out += num;
      out += item->first;
      out += '\n';
      if (out.size() > (1 << 20)) {
        send new aspen::StringPayload(std::move(out));
        out.clear();
      }
      if (next[run] < sorted[run]->words.size()) {
        heap.push_back({&sorted[run]->words[next[run]++], run});
        std::push_heap(heap.begin(), heap.end(), later);
      }
    }
    send new aspen::StringPayload(std::move(out));
  }
}
