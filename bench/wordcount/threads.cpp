// threads.cpp -- the hand-written peer of examples/wordcount: the same
// words, maps and output format, with std::thread. Each thread counts a
// slice of the file (cut at line ends), the counts are split into one
// partition per thread by the same hash, each thread merges and sorts one
// partition, and the sorted partitions are merged into counts.txt.
//   threads [input.txt] [counts.txt]   (WC_THREADS: default, the CPUs)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

using Counts = std::unordered_map<std::string, long>;

static bool isSpace(char c) {
  return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' ||
         c == '\f';
}

static unsigned partitionOf(const std::string &w, unsigned n) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : w)
    h = (h ^ c) * 1099511628211ull;
  return unsigned(h % n);
}

int main(int argc, char **argv) {
  const char *in = argc > 1 ? argv[1] : "input.txt";
  const char *out = argc > 2 ? argv[2] : "counts.txt";
  unsigned n = std::thread::hardware_concurrency();
  if (const char *e = std::getenv("WC_THREADS"))
    n = unsigned(std::atoi(e));
  auto t0 = std::chrono::steady_clock::now();
  std::string text;
  if (std::FILE *f = std::fopen(in, "rb")) {
    std::fseek(f, 0, SEEK_END);
    text.resize(size_t(std::ftell(f)));
    std::fseek(f, 0, SEEK_SET);
    if (std::fread(&text[0], 1, text.size(), f) != text.size())
      return std::perror(in), 1;
    std::fclose(f);
  } else {
    return std::perror(in), 1;
  }
  std::vector<size_t> cut(n + 1, text.size());
  cut[0] = 0;
  for (unsigned i = 1; i < n; ++i) {
    size_t at = text.size() * i / n;
    size_t nl = text.find('\n', std::max(at, cut[i - 1]));
    cut[i] = nl == std::string::npos ? text.size() : nl + 1;
  }
  std::vector<std::vector<Counts>> parts(n, std::vector<Counts>(n));
  std::vector<std::thread> ts;
  for (unsigned i = 0; i < n; ++i)
    ts.emplace_back([&, i] {
      Counts c;
      std::string w;
      const char *p = text.data() + cut[i], *end = text.data() + cut[i + 1];
      while (p < end) {
        while (p < end && isSpace(*p))
          ++p;
        const char *s = p;
        while (p < end && !isSpace(*p))
          ++p;
        if (p > s) {
          w.assign(s, p);
          ++c[w];
        }
      }
      for (auto &[word, k] : c)
        parts[i][partitionOf(word, n)].emplace(word, k);
    });
  for (auto &t : ts)
    t.join();
  ts.clear();
  std::vector<std::vector<std::pair<std::string, long>>> sorted(n);
  for (unsigned j = 0; j < n; ++j)
    ts.emplace_back([&, j] {
      Counts c;
      for (unsigned i = 0; i < n; ++i)
        for (auto &[word, k] : parts[i][j])
          c[word] += k;
      sorted[j].assign(c.begin(), c.end());
      std::sort(sorted[j].begin(), sorted[j].end());
    });
  for (auto &t : ts)
    t.join();
  std::vector<std::pair<std::string, long>> all;
  for (auto &s : sorted)
    all.insert(all.end(), s.begin(), s.end());
  std::sort(all.begin(), all.end());
  std::FILE *f = std::fopen(out, "wb");
  for (auto &[word, k] : all)
    std::fprintf(f, "%7ld %s\n", k, word.c_str());
  std::fclose(f);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("time %.3f s\n", s);
}
