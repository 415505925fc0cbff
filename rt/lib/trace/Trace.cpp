//===- Trace.cpp - ASPEN_TRACE: a Chrome/Perfetto trace of a run ----------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "trace/Trace.h"
#include "support/Support.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <vector>

using namespace aspen::rt;

bool trace::Enabled = false;

namespace {

struct Event {
  uint64_t Start, End, Value;
  const std::string *What, *Detail;
  trace::Kind K;
};

struct Buffer {
  std::vector<Event> Events;
  std::string Name;
  uint64_t Dropped = 0;
  unsigned Tid = 0;
};

std::mutex Registry; // taken once per thread, when its buffer is made
std::vector<std::unique_ptr<Buffer>> Buffers;
std::string Path, NodeName;
size_t Capacity = 1 << 20;
uint64_t Origin = 0;
bool Written = false;

thread_local Buffer *Mine = nullptr;

Buffer &mine() {
  if (!Mine) {
    auto B = std::make_unique<Buffer>();
    B->Events.reserve(std::min<size_t>(Capacity, 1 << 16));
    std::lock_guard<std::mutex> L(Registry);
    B->Tid = unsigned(Buffers.size() + 1);
    B->Name = "thread " + std::to_string(B->Tid);
    Mine = B.get();
    Buffers.push_back(std::move(B));
  }
  return *Mine;
}

void escape(FILE *F, const std::string &S) {
  for (char C : S) {
    if (C == '"' || C == '\\')
      std::fputc('\\', F), std::fputc(C, F);
    else if (static_cast<unsigned char>(C) < 0x20)
      std::fprintf(F, "\\u%04x", C);
    else
      std::fputc(C, F);
  }
}

const char *kindName(trace::Kind K) {
  switch (K) {
  case trace::Run:
    return "run";
  case trace::Send:
    return "send";
  case trace::Dequeue:
    return "dequeue";
  case trace::ParkedSend:
    return "parked in send";
  case trace::ParkedDequeue:
    return "parked in dequeue";
  case trace::FrameOut:
    return "frames out";
  case trace::FrameIn:
    return "frames in";
  case trace::Box:
    return "box";
  case trace::ReduceStep:
    return "reduce step";
  }
  return "?";
}

} // namespace

uint64_t trace::now() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

void trace::record(Kind K, const std::string *What, const std::string *Detail,
                   uint64_t Start, uint64_t End, uint64_t Value) {
  Buffer &B = mine();
  if (B.Events.size() >= Capacity) {
    ++B.Dropped;
    return;
  }
  B.Events.push_back({Start, End, Value, What, Detail, K});
}

void trace::nameThread(const std::string &Name) {
  if (Enabled)
    mine().Name = Name;
}

std::string trace::perNodePath(const std::string &Path, const std::string &Node,
                               const char *DefaultExt) {
  size_t Dot = Path.rfind('.'), Slash = Path.rfind('/');
  if (Dot == std::string::npos || (Slash != std::string::npos && Dot < Slash))
    return Path + "." + Node + DefaultExt;
  return Path.substr(0, Dot) + "." + Node + Path.substr(Dot);
}

void trace::init(const std::string &Node, bool SeveralNodes) {
  const char *P = settingText(Setting::TRACE);
  if (!P)
    return;
  Path = P;
  NodeName = Node;
  if (SeveralNodes)
    Path = perNodePath(Path, Node, ".json");
  Capacity = settingCount(Setting::TRACE_EVENTS);
  Origin = now();
  Enabled = true;
}

const char *trace::path() { return Path.c_str(); }

void trace::write() {
  if (!Enabled || Written)
    return;
  Written = true;
  FILE *F = std::fopen(Path.c_str(), "w");
  if (!F) {
    std::fprintf(stderr, "aspen: warning: cannot write ASPEN_TRACE file '%s'\n",
                 Path.c_str());
    return;
  }
  std::lock_guard<std::mutex> L(Registry);
  std::fprintf(F, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
  std::fprintf(F, "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":"
                  "{\"name\":\"");
  escape(F, "aspen " + NodeName);
  std::fprintf(F, "\"}}");
  uint64_t Dropped = 0;
  for (auto &B : Buffers) {
    Dropped += B->Dropped;
    std::fprintf(F,
                 ",\n{\"ph\":\"M\",\"pid\":1,\"tid\":%u,\"name\":"
                 "\"thread_name\",\"args\":{\"name\":\"",
                 B->Tid);
    escape(F, B->Name);
    std::fprintf(F, "\"}}");
    for (const Event &E : B->Events) {
      double Ts = double(E.Start - Origin) / 1000.0;
      std::string Name = E.What ? *E.What : kindName(E.K);
      if (E.K == Send || E.K == Dequeue || E.K == ParkedSend ||
          E.K == ParkedDequeue || E.K == Box || E.K == ReduceStep)
        Name = std::string(kindName(E.K)) + " " + Name;
      std::fprintf(F, ",\n{\"name\":\"");
      escape(F, E.K == FrameOut || E.K == FrameIn
                    ? std::string(kindName(E.K)) + " " + Name
                    : Name);
      std::fprintf(F, "\",\"cat\":\"%s\",\"pid\":1,\"tid\":%u,\"ts\":%.3f",
                   kindName(E.K), B->Tid, Ts);
      const bool Parked = E.K == ParkedSend || E.K == ParkedDequeue;
      if (Parked && E.End) {
        // Parked time overlaps the runs of other fibers on the worker
        // that recorded it, so it cannot be a slice of that track: it is
        // an async slice (begin here, end below) on a track of its own
        // per instance, keyed by the instance's name.
        std::fprintf(F, ",\"ph\":\"b\",\"id2\":{\"local\":\"0x%llx\"}",
                     (unsigned long long)uintptr_t(E.What));
      } else if (E.End) {
        std::fprintf(F, ",\"ph\":\"X\",\"dur\":%.3f",
                     double(E.End - E.Start) / 1000.0);
      } else {
        std::fprintf(F, ",\"ph\":\"i\",\"s\":\"t\"");
      }
      if (E.Detail || E.Value) {
        std::fprintf(F, ",\"args\":{");
        if (E.Detail) {
          bool To = E.K == Send || E.K == ParkedSend;
          std::fprintf(F, "\"%s\":\"",
                       E.K == Box ? "network"
                       : To       ? "to"
                                  : "queue");
          escape(F, E.Detail->empty() ? "(default)" : *E.Detail);
          std::fprintf(F, "\"%s", E.Value ? "," : "");
        }
        if (E.Value)
          std::fprintf(F, "\"%s\":%llu", E.K == Box ? "records" : "bytes",
                       (unsigned long long)E.Value);
        std::fprintf(F, "}");
      }
      std::fprintf(F, "}");
      if (Parked && E.End) {
        std::fprintf(F, ",\n{\"name\":\"");
        escape(F, Name);
        std::fprintf(F,
                     "\",\"cat\":\"%s\",\"pid\":1,\"tid\":%u,\"ts\":%.3f,"
                     "\"ph\":\"e\",\"id2\":{\"local\":\"0x%llx\"}}",
                     kindName(E.K), B->Tid, double(E.End - Origin) / 1000.0,
                     (unsigned long long)uintptr_t(E.What));
      }
    }
  }
  std::fprintf(F, "\n]}\n");
  if (std::ferror(F) | std::fclose(F))
    std::fprintf(stderr, "aspen: warning: cannot write ASPEN_TRACE file '%s'\n",
                 Path.c_str());
  if (Dropped)
    std::fprintf(stderr,
                 "aspen: warning: ASPEN_TRACE kept the first %zu events per "
                 "thread and dropped %llu more (ASPEN_TRACE_EVENTS)\n",
                 Capacity, (unsigned long long)Dropped);
}
