// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %aspenc %s -o %t
// RUN: %python -c "import sys; sys.stdout.write(''.join('line %%d %%s\n' %% (i, 'x' * (i %% 37)) for i in range(5000)) + 'a line longer than a block ' * 9 + '\nno newline at the end')" > in.txt
// RUN: %t
// RUN: cmp in.txt blocks.txt
// RUN: cmp in.txt lines.txt
// RUN: %python -c "print(open('count.txt').read())" | FileCheck %s
// FileSource in blocks of whole lines (some lines longer than a block) and
// in lines, both written back by FileSink: the bytes survive unchanged, and
// the streams end so that every module finishes and the files are closed.
// CHECK: 5002 lines

Module Main is Root requires Module FileSource, Module FileSink, Module AddNewline, Module Tee {
  void initialize() {
    FileSource blocks("in.txt", 100), lines("in.txt");
    FileSink outBlocks("blocks.txt"), outLines("lines.txt"), outCount("count.txt");
    AddNewline nl;
    Tee tee;
    flow:
      blocks ||| outBlocks;
      lines ||| tee ||| nl ||| outLines;
      tee.count ||| outCount;
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
