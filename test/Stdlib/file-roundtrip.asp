// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %aspenc %s -o %t
// RUN: %python -c "import sys; sys.stdout.write(''.join('line %%d %%s\n' %% (i, 'x' * (i %% 37)) for i in range(5000)) + 'a line longer than a block ' * 9 + '\nno newline at the end')" > in.txt
// RUN: %t | FileCheck %s --check-prefix=BLOCKS
// RUN: cmp in.txt blocks.txt
// RUN: cmp in.txt lines.txt
// RUN: cmp in.txt whole.txt
// RUN: %python -c "print(open('count.txt').read())" | FileCheck %s
// FileSource in blocks of whole lines (some lines longer than a block) and
// in lines, both written back by FileSink: the bytes survive unchanged, and
// the streams end so that every module finishes and the files are closed.
// A block size far beyond the file (2^40) takes memory for the file, not
// for the block size (before: a buffer of that size, and the program was
// killed).
// CHECK: 5002 lines
// Every block but the last ends a line, and only a line longer than a block
// makes a block longer than 100 bytes.
// BLOCKS: blocks: {{[0-9]+}}, not ending a line: 0, too long: 1
#include <cstdio>
#include <string>

Module Main is Root requires Module FileSource, Module FileSink, Module AddNewline, Module Tee, Module CheckBlocks {
  void initialize() {
    FileSource blocks("in.txt", 100), lines("in.txt");
    FileSource whole("in.txt", 1099511627776);
    FileSink outBlocks("blocks.txt"), outLines("lines.txt"), outCount("count.txt");
    FileSink outWhole("whole.txt");
    AddNewline nl;
    Tee tee;
    CheckBlocks check;
    flow:
      blocks ||| check ||| outBlocks;
      lines ||| tee ||| nl ||| outLines;
      tee.count ||| outCount;
      whole ||| outWhole;
  }
}

Declare Module Tee { Output Queue is count; }
Module Tee {
  void run() {
    long n = 0;
    while (QueueElement q = dequeue()) {
      ++n;
      send q;
    }
    send new aspen::StringPayload(std::to_string(n) + " lines") on count;
  }
}

// Lines come without their line end; the last line of the file had none.
Module AddNewline {
  void run() {
    QueueElement prev = dequeue();
    while (prev) {
      QueueElement q = dequeue();
      if (q)
        getPayload<aspen::StringPayload>(prev).str() += '\n';
      send prev;
      prev = std::move(q);
    }
  }
}

Module CheckBlocks {
  void run() {
    int n = 0, open = 0, tooLong = 0;
    QueueElement prev;
    while (QueueElement q = dequeue()) {
      const std::string &s = getPayload<aspen::StringPayload>(q).str();
      ++n;
      tooLong += s.size() > 100;
      if (prev) {
        open += getPayload<aspen::StringPayload>(prev).str().back() != '\n';
        send prev;
      }
      prev = std::move(q);
    }
    send prev;
    std::printf("blocks: %d, not ending a line: %d, too long: %d\n", n, open, tooLong);
  }
}
