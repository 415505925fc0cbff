Declare Module Evict {
  node_local { "the entries Store keeps" }
}
Module Evict {
  void run() {
    while (QueueElement q = dequeue()) {
    }
  }
}
