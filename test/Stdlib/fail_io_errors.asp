// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: %aspenc %s -o %t --root=MissingFile
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: %aspenc %s -o %t --root=BadPolicy
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=POLICY
// RUN: %aspenc %s -o %t --root=NoKey
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=KEY
// RUN: %aspenc %s -o %t --root=BadDir
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=SINK
// RUN: %aspenc %s -o %t --root=PortTaken
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=PORT
// RUN: %aspenc %s -o %t --root=BadHost
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: %aspenc %s -o %t --root=WidePort
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=WIDEPORT
// RUN: %aspenc %s -o %t --root=LongTimer
// RUN: not %t 2>&1 | FileCheck %s --check-prefix=TIMER
// Errors of the standard library's modules end the program with status 4
// and name the instance and what went wrong; nothing hangs.
// FILE: aspen: error: instance 'src' (module FileSource) threw std::runtime_error: FileSource: cannot open 'no-such-file.txt': No such file or directory
// POLICY: aspen: error: instance 'd' (module Distribute) threw std::invalid_argument: Distribute: unknown policy 'random'; expected "round-robin" or "hash"
// KEY: aspen: error: instance 'd' (module Distribute) threw aspen::PayloadTypeError: a payload of type 'aspen::ArrayPayload<int>' has no key to distribute by; send an aspen::StringPayload or override 'uint64_t key() const'
// SINK: aspen: error: instance 'sink' (module FileSink) threw std::runtime_error: FileSink: cannot open 'no-such-dir/out.txt': No such file or directory
// PORT: aspen: error: instance 'second' (module Second) threw std::runtime_error: cannot listen on 127.0.0.1:{{[0-9]+}}: {{.*}}ddress already in use

#include <aspen/stdlib.h>

Module MissingFile is Root requires Module FileSource, Module Console {
  void initialize() {
    FileSource src("no-such-file.txt");
    Console out;
    flow:
      src ||| out;
  }
}

Module BadPolicy is Root requires Module Text, Module Distribute, Module Console {
  void initialize() {
    Text t;
    Distribute d("random");
    Console out;
    flow:
      t ||| d ||| out;
  }
}

Module NoKey is Root requires Module Ints, Module Distribute, Module Console {
  void initialize() {
    Ints i;
    Distribute d("hash");
    Console out[2];
    flow:
      i ||| d ||| out;
  }
}

Module BadDir is Root requires Module Text, Module FileSink {
  void initialize() {
    Text t;
    FileSink sink("no-such-dir/out.txt");
    flow:
      t ||| sink;
  }
}

// A second listener on the port a first one has.
Module PortTaken is Root requires Module Second {
  void initialize() {
    Second second;
    flow:
  }
}

// A host that does not resolve (before: a crash).
// HOST: aspen: error: instance 'l' (module TcpListen) threw std::runtime_error: cannot listen on no-such-host.invalid:0: {{.+}}
Module BadHost is Root requires Module TcpListen, Module TcpReply {
  void initialize() {
    TcpListen l(0, "line", 1, "no-such-host.invalid");
    TcpReply r;
    flow:
      l ||| r;
  }
}

// A port beyond 65535 (before: cut to an int, 4294985395 became 18099).
// WIDEPORT: aspen: error: instance 'l' (module TcpListen) threw std::invalid_argument: TcpListen: cannot listen on port 4294985395: not a port number
Module WidePort is Root requires Module TcpListen, Module TcpReply {
  void initialize() {
    TcpListen l(4294967296 + 18099, "line");
    TcpReply r;
    flow:
      l ||| r;
  }
}

// A period the clock cannot count (before: it wrapped round and ticked at
// once).
// TIMER: aspen: error: instance 't' (module Timer) threw std::invalid_argument: Timer: periodMs must be at most 10^12 (about 31 years)
Module LongTimer is Root requires Module Timer, Module Console {
  void initialize() {
    Timer t(10000000000000, 2);
    Console c;
    flow:
      t ||| c;
  }
}

Module Text { void run() { send new aspen::StringPayload("x"); } }
Module Ints { void run() { send new ArrayPayload<int>(3); } }

Module Second {
  void run() {
    auto *first = aspen::net::listen("127.0.0.1", 0, aspen::net::Framing::Line, 1);
    aspen::net::listen("127.0.0.1", aspen::net::boundPort(first),
                       aspen::net::Framing::Line, 1);
  }
}
