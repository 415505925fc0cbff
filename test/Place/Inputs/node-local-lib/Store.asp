// A standard library of the tests: three modules that share a table which
// exists in one process only.
Declare Module Store {
  node_local { "the entries Store keeps" }
}
Module Store {
  void run() { send QueueElement(new aspen::StringPayload("key")); }
}
