// The modules of multi_file.asp, in a second source file.
Declare Module Doubler {
  data_section {
    int handled = 0;
  }
}

Module Doubler {
  void run() {
    for (;;) {
      QueueElement e = dequeue();
      if (!e)
        break;
      Trace &t = getPayload<Trace>(e);
      t.value *= 2;
      t.path += instanceName();
      ++handled;
      send e;
    }
    send QueueElement(new Trace(-handled));
  }
}

Module Printer {
  void run() {
    int sum = 0, handled = 0, ends = 0;
    while (ends < 2) {
      QueueElement e = dequeue();
      Trace &t = getPayload<Trace>(e);
      if (t.value <= 0) {
        handled -= t.value;
        ++ends;
      } else {
        sum += t.value;
      }
    }
    std::printf("sum %d, handled %d\n", sum, handled);
  }
}
