// A class with member functions named like the Aspen extensions, for
// extension_forms.asp.
#ifndef RUN_INPUTS_MAILBOX_H
#define RUN_INPUTS_MAILBOX_H
#include "trace.h"
#include <deque>

struct Mailbox {
  std::deque<int> items;
  void send(int v) { items.push_back(v); }
  int dequeue() {
    int v = items.front();
    items.pop_front();
    return v;
  }
};

inline aspen::Payload *pick(bool on, int a, int b) {
  return new Trace(on ? a : b);
}

#endif
