// FileSource(path, blockSize = 0): reads the file `path` and sends it on,
// then ends its stream (so dequeue downstream returns an empty element once
// everything is consumed).
//   blockSize 0   one aspen::StringPayload per line, without its "\n";
//   blockSize N   blocks of whole lines of at most N bytes each, every
//                 line with its "\n" (a longer line is a block of its own).
// A file that cannot be read ends the program with an error naming the
// instance and the file.
#include <algorithm>
#include <aspen/stdlib.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

Declare Module FileSource {
  parameters {
    std::string path;
    long blockSize = 0;
  }
}

Module FileSource {
  void run() {
    if (blockSize < 0)
      throw std::invalid_argument("FileSource: blockSize must not be negative");
    std::unique_ptr<std::FILE, int (*)(std::FILE *)> f(
        std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f)
      fail("cannot open");
    // Reads of 64 KiB whatever the block size: a block is cut from what
    // has been read, so memory follows the data, not blockSize (which may
    // be far larger than the file), and a small block size does not mean
    // tiny reads.
    std::string carry; // the start of a line (or block) not yet sent
    std::string buf(size_t(1) << 16, '\0');
    for (;;) {
      size_t n = std::fread(&buf[0], 1, buf.size(), f.get());
      if (n == 0) {
        if (std::ferror(f.get()))
          fail("cannot read");
        break;
      }
      carry.append(buf, 0, n);
      emit(carry, /*atEnd=*/false);
    }
    emit(carry, /*atEnd=*/true);
  }

  // Sends what `carry` holds in full lines (or blocks of full lines) and
  // keeps the rest; at the end, the rest too.
  void emit(std::string &carry, bool atEnd) {
    size_t start = 0;
    if (blockSize == 0) {
      // A line's end is looked for once in each byte: the search resumes
      // where the last one stopped, so a long line costs linear time.
      for (size_t nl; (nl = carry.find('\n', std::max(start, resume))) !=
                      std::string::npos;
           start = nl + 1) {
        size_t end = nl > start && carry[nl - 1] == '\r' ? nl - 1 : nl;
        send new aspen::StringPayload(carry.data() + start, end - start);
      }
      if (atEnd && start < carry.size()) {
        send new aspen::StringPayload(carry.data() + start,
                                      carry.size() - start);
        start = carry.size();
      }
    } else {
      size_t limit = size_t(blockSize);
      while (carry.size() - start >= limit || (atEnd && start < carry.size())) {
        size_t take = std::min(limit, carry.size() - start);
        if (!atEnd || carry.size() - start > limit) {
          // End the block after its last full line, if it has one.
          size_t nl = carry.rfind('\n', start + limit - 1);
          if (nl != std::string::npos && nl >= start)
            take = nl + 1 - start;
          else {
            nl = carry.find('\n', std::max(start + limit, resume));
            if (nl == std::string::npos && !atEnd)
              break; // a long line: wait for its end
            take = nl == std::string::npos ? carry.size() - start
                                           : nl + 1 - start;
          }
        }
        send new aspen::StringPayload(carry.data() + start, take);
        start += take;
      }
    }
    // Whatever is left has no line end: the next search starts after it.
    resume = carry.size() - start;
    carry.erase(0, start);
  }

  size_t resume = 0; // where in carry the search for a line end resumes

  [[noreturn]] void fail(const char *what) {
    throw std::runtime_error(std::string("FileSource: ") + what + " '" +
                             path + "': " + std::strerror(errno));
  }
}
