Declare Module Lookup {
  node_local { "the entries Store keeps" }
}
Module Lookup {
  void run() {
    while (QueueElement q = dequeue())
      send q;
  }
}
