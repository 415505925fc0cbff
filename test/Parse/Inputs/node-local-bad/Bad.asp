// Checked by fail_node_local_section.test: a node_local section holds one
// non-empty string, once per module declaration.
Declare Module Bad {
  node_local { "the entries Bad keeps" }
// CHECK: Bad.asp:[[@LINE+1]]:3: error: module 'Bad' has more than one node_local section{{$}}
  node_local { "more" }
}
Module Bad { void run() {} }
Declare Module Word {
// CHECK: Bad.asp:[[@LINE+1]]:3: error: the node_local section of module 'Word' must hold one non-empty string: the state its instances share in one process{{$}}
  node_local { entries }
}
Module Word { void run() {} }
Declare Module Two {
// CHECK: Bad.asp:[[@LINE+1]]:3: error: the node_local section of module 'Two' must hold one non-empty string: the state its instances share in one process{{$}}
  node_local { "a" "b" }
}
Module Two { void run() {} }
Declare Module Empty {
// CHECK: Bad.asp:[[@LINE+1]]:3: error: the node_local section of module 'Empty' must hold one non-empty string: the state its instances share in one process{{$}}
  node_local { "" }
}
Module Empty { void run() {} }
