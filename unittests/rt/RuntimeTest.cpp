//===- RuntimeTest.cpp - Scheduler, ports and reports through the ABI -----===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Builds small graphs through the same ABI generated code uses and runs them
// in a child process each (EXPECT_EXIT): the runtime is a per-process
// singleton, and deadlock and exception reports end the process.
//
//===----------------------------------------------------------------------===//

#include "aspen/abi/abi.h"
#include "aspen/gen/module.h"
#include <atomic>
#include <cstdlib>
#include <gtest/gtest.h>
#include <stdexcept>

using namespace aspen::rtabi;

namespace {

struct Num : aspen::Payload {
  explicit Num(int64_t V) : V(V) {}
  int64_t V;
};

constexpr int64_t N = 200'000;
std::atomic<int64_t> Sum{0};
std::atomic<int> Bad{0};

struct Producer : aspen::gen::Module {
  void run() override {
    for (int64_t I = 1; I <= N; ++I)
      aspenSend(0, new Num(I + int64_t(instanceIndex()) * N));
  }
};
struct Relay : aspen::gen::Module {
  void run() override {
    for (int64_t I = 0; I < N; ++I)
      aspenSend(0, aspenDequeue(0));
  }
};
/// Checks order per producer (instance index encoded in the value).
template <int Producers> struct Sink : aspen::gen::Module {
  void run() override {
    int64_t Next[Producers];
    for (int K = 0; K < Producers; ++K)
      Next[K] = 1 + K * N;
    for (int64_t I = 0; I < N * Producers; ++I) {
      aspen::QueueElement E = aspenDequeue(0);
      int64_t V = aspen::getPayload<Num>(E).V;
      int K = int((V - 1) / N);
      if (K < 0 || K >= Producers || V != Next[K]++)
        Bad.fetch_add(1);
      Sum.fetch_add(V);
    }
  }
};

template <typename T> aspen::ModuleBase *make() { return new T; }

U32 module(const char *Name, aspen::ModuleBase *(*F)()) {
  return aspen_rt_add_module(Name, reinterpret_cast<Ptr>(F), 0, nullptr, 0,
                             nullptr);
}

void edge(U32 From, U32 To) {
  U32 E[4] = {From, 0, To, 0};
  aspen_rt_add_edges(E, 1);
}

int runPipeline() {
  aspen_rt_init(0, nullptr);
  U32 P = aspen_rt_add_instances(module("Producer", make<Producer>), "p", 1, 0);
  U32 R = aspen_rt_add_instances(module("Relay", make<Relay>), "r", 1, 0);
  U32 S = aspen_rt_add_instances(module("Sink", make<Sink<1>>), "s", 1, 0);
  edge(P, R);
  edge(R, S);
  int Status = aspen_rt_run();
  return Status == 0 && Bad == 0 && Sum == N * (N + 1) / 2 ? 0 : 1;
}

int runFanIn() {
  aspen_rt_init(0, nullptr);
  U32 P = aspen_rt_add_instances(module("Producer", make<Producer>), "p", 4, 1);
  U32 S = aspen_rt_add_instances(module("Sink", make<Sink<4>>), "s", 1, 0);
  for (U32 K = 0; K < 4; ++K)
    edge(P + K, S);
  int Status = aspen_rt_run();
  int64_t M = 4 * N;
  return Status == 0 && Bad == 0 && Sum == M * (M + 1) / 2 ? 0 : 1;
}

std::atomic<int64_t> PerWorker[3];
struct Counter : aspen::gen::Module {
  void run() override {
    for (int64_t I = 0; I < N / 3; ++I)
      aspenDequeue(0);
    PerWorker[instanceIndex()] = N / 3;
  }
};
struct Dealer : aspen::gen::Module {
  void run() override {
    for (int64_t I = 0; I < N / 3 * 3; ++I)
      aspenSend(0, new Num(I));
  }
};

int runRoundRobin() {
  aspen_rt_init(0, nullptr);
  U32 D = aspen_rt_add_instances(module("Dealer", make<Dealer>), "d", 1, 0);
  U32 W = aspen_rt_add_instances(module("Counter", make<Counter>), "w", 3, 1);
  for (U32 K = 0; K < 3; ++K)
    edge(D, W + K);
  // Each counter takes exactly a third: with a round-robin dealer the run
  // only finishes if every counter got its share.
  int Status = aspen_rt_run();
  return Status == 0 && PerWorker[0] + PerWorker[1] + PerWorker[2] == N / 3 * 3
             ? 0
             : 1;
}

struct Ping : aspen::gen::Module {
  void run() override {
    for (int I = 0; I < 100'000; ++I) {
      aspenSend(0, new Num(I));
      aspen::QueueElement E = aspenDequeue(0);
      if (aspen::getPayload<Num>(E).V != I)
        Bad.fetch_add(1);
    }
  }
};
struct Pong : aspen::gen::Module {
  void run() override {
    for (int I = 0; I < 100'000; ++I)
      aspenSend(0, aspenDequeue(0));
  }
};

int runPingPong() {
  aspen_rt_init(0, nullptr);
  U32 A = aspen_rt_add_instances(module("Ping", make<Ping>), "ping", 1, 0);
  U32 B = aspen_rt_add_instances(module("Pong", make<Pong>), "pong", 1, 0);
  edge(A, B);
  edge(B, A);
  return aspen_rt_run() == 0 && Bad == 0 ? 0 : 1;
}

struct WaitsFirst : aspen::gen::Module {
  void run() override {
    aspen::QueueElement E = aspenDequeue(0);
    aspenSend(0, std::move(E));
  }
};

int runDeadlock() {
  aspen_rt_init(0, nullptr);
  U32 M = module("WaitsFirst", make<WaitsFirst>);
  U32 A = aspen_rt_add_instances(M, "a", 1, 0);
  U32 B = aspen_rt_add_instances(M, "b", 1, 0);
  edge(A, B);
  edge(B, A);
  return aspen_rt_run();
}

struct Thrower : aspen::gen::Module {
  void run() override { throw std::runtime_error("boom at step 3"); }
};

int runThrow() {
  aspen_rt_init(0, nullptr);
  aspen_rt_add_instances(module("Thrower", make<Thrower>), "t", 2, 1);
  return aspen_rt_run();
}

struct WrongType : aspen::gen::Module {
  void run() override {
    aspen::QueueElement E(new Num(1));
    double *D = aspen::getPayload(E);
    (void)D;
  }
};

int runWrongType() {
  aspen_rt_init(0, nullptr);
  aspen_rt_add_instances(module("WrongType", make<WrongType>), "w", 1, 0);
  return aspen_rt_run();
}

class RuntimeTest : public ::testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    setenv("ASPEN_WORKERS", GetParam(), 1);
  }
  void TearDown() override {
    unsetenv("ASPEN_OWN_STACKS");
    unsetenv("ASPEN_QUEUE_CAPACITY");
  }
};

TEST_P(RuntimeTest, Pipeline) {
  EXPECT_EXIT(std::exit(runPipeline()), ::testing::ExitedWithCode(0), "");
}

TEST_P(RuntimeTest, PipelineWithTinyQueues) {
  setenv("ASPEN_QUEUE_CAPACITY", "2", 1); // every send may park
  EXPECT_EXIT(std::exit(runPipeline()), ::testing::ExitedWithCode(0), "");
}

TEST_P(RuntimeTest, FanInKeepsPerProducerOrder) {
  EXPECT_EXIT(std::exit(runFanIn()), ::testing::ExitedWithCode(0), "");
}

TEST_P(RuntimeTest, FanOutIsRoundRobin) {
  EXPECT_EXIT(std::exit(runRoundRobin()), ::testing::ExitedWithCode(0), "");
}

TEST_P(RuntimeTest, PingPong) {
  EXPECT_EXIT(std::exit(runPingPong()), ::testing::ExitedWithCode(0), "");
}

TEST_P(RuntimeTest, DeadlockIsReportedWithInstancesAndQueues) {
  EXPECT_EXIT(std::exit(runDeadlock()), ::testing::ExitedWithCode(3),
              "deadlock: no module instance can make progress\n"
              "  'a' waits in dequeue on its default input queue, which is "
              "empty\n"
              "  'b' waits in dequeue on its default input queue, which is "
              "empty");
}

TEST_P(RuntimeTest, ExceptionNamesTheInstance) {
  EXPECT_EXIT(std::exit(runThrow()), ::testing::ExitedWithCode(4),
              "instance 't\\[[01]\\]' \\(module Thrower\\) threw "
              "std::runtime_error: boom at step 3");
}

TEST_P(RuntimeTest, WrongPayloadTypeIsAnError) {
  EXPECT_EXIT(std::exit(runWrongType()), ::testing::ExitedWithCode(4),
              "expected an array payload of 'double' elements, got '.*Num'");
}

// ASPEN_OWN_STACKS=0: every fiber takes turns on one shared stack, so each
// switch to another copies the bytes of the one there out and its own in,
// and fibers woken on several workers at once wait for the stack.
TEST_P(RuntimeTest, SharedStackPipelineWithTinyQueues) {
  setenv("ASPEN_OWN_STACKS", "0", 1);
  setenv("ASPEN_QUEUE_CAPACITY", "2", 1);
  EXPECT_EXIT(std::exit(runPipeline()), ::testing::ExitedWithCode(0), "");
}

TEST_P(RuntimeTest, SharedStackFanIn) {
  setenv("ASPEN_OWN_STACKS", "0", 1);
  EXPECT_EXIT(std::exit(runFanIn()), ::testing::ExitedWithCode(0), "");
}

TEST_P(RuntimeTest, SharedStackPingPong) {
  setenv("ASPEN_OWN_STACKS", "1", 1); // one fiber with its own, one shared
  EXPECT_EXIT(std::exit(runPingPong()), ::testing::ExitedWithCode(0), "");
}

TEST_P(RuntimeTest, SharedStackDeadlockIsReported) {
  setenv("ASPEN_OWN_STACKS", "0", 1);
  EXPECT_EXIT(std::exit(runDeadlock()), ::testing::ExitedWithCode(3),
              "deadlock: no module instance can make progress");
}

TEST_P(RuntimeTest, SharedStackExceptionNamesTheInstance) {
  setenv("ASPEN_OWN_STACKS", "0", 1);
  EXPECT_EXIT(std::exit(runThrow()), ::testing::ExitedWithCode(4),
              "instance 't\\[[01]\\]' \\(module Thrower\\) threw");
}

INSTANTIATE_TEST_SUITE_P(Workers, RuntimeTest,
                         ::testing::Values("1", "2", "4"));

} // namespace
