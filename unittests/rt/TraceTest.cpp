//===- TraceTest.cpp - ASPEN_TRACE's buffers and the merge of nodes' files
//-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "trace/Trace.h"
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace aspen::rt;

namespace {
std::string tempDir() {
  char Dir[] = "/tmp/aspen-trace-XXXXXX";
  EXPECT_NE(mkdtemp(Dir), nullptr);
  return Dir;
}
std::string readAll(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}
void writeAll(const std::string &Path, const std::string &Text) {
  std::ofstream(Path) << Text;
}
size_t count(const std::string &Text, const std::string &What) {
  size_t N = 0;
  for (size_t At = Text.find(What); At != std::string::npos;
       At = Text.find(What, At + 1))
    ++N;
  return N;
}
} // namespace

// The file is written while two threads record (as on SIGINT): it holds a
// prefix of each thread's events, every one complete, and is well formed.
// Under ThreadSanitizer this is also the check that the snapshot races
// with nothing.
TEST(Trace, WrittenWhileThreadsRecord) {
  std::string Dir = tempDir(), Path = Dir + "/t.json";
  setenv("ASPEN_TRACE", Path.c_str(), 1);
  setenv("ASPEN_TRACE_EVENTS", "100000", 1);
  trace::init("localhost", 1, false);
  ASSERT_TRUE(trace::Enabled);
  static const std::string Name = "worker", Queue = "in";
  std::atomic<bool> Stop{false};
  std::atomic<int> Started{0};
  std::vector<std::thread> Threads;
  for (int T = 0; T < 2; ++T)
    Threads.emplace_back([&] {
      trace::nameThread("recorder");
      for (uint64_t K = 0; !Stop.load(std::memory_order_relaxed); ++K) {
        uint64_t T0 = trace::now();
        trace::record(trace::Send, &Name, &Queue, T0, T0 + 2, 0,
                      trace::flowId(1, K), T0 + 1);
        if (K == 5000)
          Started.fetch_add(1);
        // Slow enough that the buffer is still filling while it is read.
        for (int P = 0; P < 20; ++P)
          __builtin_ia32_pause();
      }
    });
  while (Started.load() < 2)
    std::this_thread::yield();
  trace::write();
  Stop = true;
  for (std::thread &T : Threads)
    T.join();
  trace::Enabled = false; // the other tests run without it
  unsetenv("ASPEN_TRACE");
  unsetenv("ASPEN_TRACE_EVENTS");
  std::string Text = readAll(Path);
  ASSERT_GE(Text.size(), 4u);
  EXPECT_EQ(Text.substr(Text.size() - 4), "\n]}\n");
  // Every send slice came with its arrow's start, none cut in half.
  size_t Sends = count(Text, "\"cat\":\"send\""),
         Starts = count(Text, "\"ph\":\"s\"");
  EXPECT_GE(Sends, 10000u);
  EXPECT_EQ(Sends, Starts);
  EXPECT_EQ(count(Text, "\"name\":\"recorder\""), 2u);
  std::remove(Path.c_str());
  rmdir(Dir.c_str());
}

// The launcher's merge: each node's times are shifted by its wall-clock
// origin, the end of an arrow whose start no node wrote is left out, and
// so is the last line of a file cut short.
TEST(Trace, MergeAlignsNodesAndDropsOrphanArrowEnds) {
  std::string Dir = tempDir(), Path = Dir + "/t.json";
  writeAll(Dir + "/t.a.json",
           "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"aspen_origin_wall_"
           "ns\":\"1000000\"},\"traceEvents\":[\n"
           "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{"
           "\"name\":\"aspen a\"}},\n"
           "{\"name\":\"send x\",\"cat\":\"send\",\"pid\":1,\"tid\":1,"
           "\"ts\":10.000,\"ph\":\"X\",\"dur\":1.000},\n"
           "{\"name\":\"message\",\"cat\":\"message\",\"pid\":1,\"tid\":1,"
           "\"ts\":10.001,\"id\":\"0x10000000000\",\"ph\":\"s\"}\n"
           "]}\n");
  // Started 3 us after node a; killed while writing its last line.
  writeAll(Dir + "/t.b.json",
           "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"aspen_origin_wall_"
           "ns\":\"1003000\"},\"traceEvents\":[\n"
           "{\"ph\":\"M\",\"pid\":2,\"name\":\"process_name\",\"args\":{"
           "\"name\":\"aspen b\"}},\n"
           "{\"name\":\"message\",\"cat\":\"message\",\"pid\":2,\"tid\":1,"
           "\"ts\":8.000,\"id\":\"0x10000000000\",\"ph\":\"f\",\"bp\":\"e\"},"
           "\n"
           "{\"name\":\"message\",\"cat\":\"message\",\"pid\":2,\"tid\":1,"
           "\"ts\":9.000,\"id\":\"0x10000000001\",\"ph\":\"f\",\"bp\":\"e\"},"
           "\n"
           "{\"name\":\"dequeue y\",\"cat\":\"deq");
  ASSERT_TRUE(trace::merge(Path, {"a", "b", "c"}));
  std::string Text = readAll(Path);
  EXPECT_EQ(count(Text, "\"name\":\"aspen a\""), 1u);
  EXPECT_EQ(count(Text, "\"name\":\"aspen b\""), 1u);
  EXPECT_NE(Text.find("\"ts\":10.000,\"ph\":\"X\""), std::string::npos);
  EXPECT_NE(Text.find("\"ts\":11.000,\"id\":\"0x10000000000\""),
            std::string::npos);
  EXPECT_EQ(Text.find("0x10000000001"), std::string::npos);
  EXPECT_EQ(Text.find("dequeue y"), std::string::npos);
  EXPECT_EQ(Text.substr(Text.size() - 4), "\n]}\n");
  for (const char *F : {"/t.json", "/t.a.json", "/t.b.json"})
    std::remove((Dir + F).c_str());
  rmdir(Dir.c_str());
}
