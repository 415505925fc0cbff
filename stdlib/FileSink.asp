// FileSink(path): writes the bytes of every message it receives to the file
// `path` (created or truncated), in arrival order, and flushes and closes
// it when its input stream ends. Payloads: aspen::StringPayload or
// aspen::ArrayPayload<char>. A file that cannot be opened or written ends
// the program with an error naming the instance and the file.
#include <aspen/stdlib.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

Declare Module FileSink {
  parameters {
    std::string path;
  }
}

Module FileSink {
  void run() {
    std::unique_ptr<std::FILE, int (*)(std::FILE *)> f(
        std::fopen(path.c_str(), "wb"), &std::fclose);
    if (!f)
      fail("cannot open");
    while (QueueElement q = dequeue()) {
      const char *data;
      size_t size;
      if (auto *s = dynamic_cast<aspen::StringPayload *>(q.get())) {
        data = s->str().data();
        size = s->str().size();
      } else {
        auto &a = getPayload<ArrayPayload<char>>(q);
        data = a.data();
        size = a.size();
      }
      if (std::fwrite(data, 1, size, f.get()) != size)
        fail("cannot write");
    }
    if (std::fflush(f.get()) != 0 || std::fclose(f.release()) != 0)
      fail("cannot write");
  }

  [[noreturn]] void fail(const char *what) {
    throw std::runtime_error(std::string("FileSink: ") + what + " '" + path +
                             "': " + std::strerror(errno));
  }
}
