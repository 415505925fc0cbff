//===- Trace.cpp - ASPEN_TRACE: a Chrome/Perfetto trace of a run ----------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "trace/Trace.h"
#include "support/Support.h"
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_set>
#include <vector>

using namespace aspen::rt;

bool trace::Enabled = false;

namespace {

struct Event {
  uint64_t Start, End, Value, Flow, FlowTs;
  const std::string *What, *Detail;
  trace::Kind K;
};

/// Events per chunk: 256 KiB, so a quiet thread costs one chunk and a busy
/// one allocates once per 4096 events.
constexpr unsigned ChunkBits = 12;
constexpr size_t ChunkSize = size_t(1) << ChunkBits;

/// One thread's events. Only the owner writes; the writer of the file reads
/// Count (acquire) and then only events below it, which are complete and
/// sit in chunks that never move.
struct Buffer {
  std::unique_ptr<std::atomic<Event *>[]> Chunks;
  std::atomic<size_t> Count{0};
  std::atomic<uint64_t> Dropped{0};
  /// The fiber running now and since when (trace::running).
  std::atomic<const std::string *> Running{nullptr};
  std::atomic<uint64_t> RunningSince{0};
  std::string Name; // under Registry
  unsigned Tid = 0;
  ~Buffer() {
    for (size_t C = 0; Chunks && Chunks[C].load(std::memory_order_relaxed); ++C)
      delete[] Chunks[C].load(std::memory_order_relaxed);
  }
};

std::mutex Registry; // taken once per thread, when its buffer is made
std::vector<std::unique_ptr<Buffer>> Buffers;
std::string Path, NodeName;
unsigned Pid = 1;
bool PerNode = false; // one node of several: the launcher merges the files
size_t Capacity = 1 << 20, NumChunks = 1;
uint64_t Origin = 0, OriginWall = 0;
std::atomic<bool> Written{false};

thread_local Buffer *Mine = nullptr;

Buffer &mine() {
  if (!Mine) {
    auto B = std::make_unique<Buffer>();
    // One slot more than needed: a null entry ends the table.
    B->Chunks.reset(new std::atomic<Event *>[NumChunks + 1]());
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
                   uint64_t Start, uint64_t End, uint64_t Value, uint64_t Flow,
                   uint64_t FlowTs) {
  Buffer &B = mine();
  size_t N = B.Count.load(std::memory_order_relaxed);
  if (N >= Capacity) {
    // Only the owner writes it: no read-modify-write needed.
    B.Dropped.store(B.Dropped.load(std::memory_order_relaxed) + 1,
                    std::memory_order_relaxed);
    return;
  }
  std::atomic<Event *> &Slot = B.Chunks[N >> ChunkBits];
  Event *Chunk = Slot.load(std::memory_order_relaxed);
  if (!Chunk) {
    Chunk = new Event[ChunkSize];
    Slot.store(Chunk, std::memory_order_release);
  }
  Chunk[N & (ChunkSize - 1)] = {Start,  End,  Value,  Flow,
                                FlowTs, What, Detail, K};
  // Publishes the event (and its chunk) to a writer that may be reading now.
  B.Count.store(N + 1, std::memory_order_release);
}

void trace::running(const std::string *What, uint64_t Start) {
  Buffer &B = mine();
  B.RunningSince.store(Start, std::memory_order_relaxed);
  B.Running.store(What, std::memory_order_release);
}

void trace::nameThread(const std::string &Name) {
  if (!Enabled)
    return;
  Buffer &B = mine();
  std::lock_guard<std::mutex> L(Registry);
  B.Name = Name;
}

std::string trace::perNodePath(const std::string &Path, const std::string &Node,
                               const char *DefaultExt) {
  size_t Dot = Path.rfind('.'), Slash = Path.rfind('/');
  if (Dot == std::string::npos || (Slash != std::string::npos && Dot < Slash))
    return Path + "." + Node + DefaultExt;
  return Path.substr(0, Dot) + "." + Node + Path.substr(Dot);
}

void trace::init(const std::string &Node, unsigned NodePid, bool SeveralNodes) {
  const char *P = settingText(Setting::TRACE);
  if (!P)
    return;
  Path = P;
  NodeName = Node;
  Pid = NodePid;
  PerNode = SeveralNodes;
  if (SeveralNodes)
    Path = perNodePath(Path, Node, ".json");
  Capacity = settingCount(Setting::TRACE_EVENTS);
  NumChunks = (Capacity + ChunkSize - 1) / ChunkSize;
  // The wall clock read with the origin: nodes on different hosts share no
  // steady clock, and the launcher aligns their files by this. Read between
  // two readings of the trace clock, the closest pair of several: a thread
  // preempted between the readings would shift the node's events by as
  // long, and turn arrows between nodes backwards.
  uint64_t Best = UINT64_MAX;
  for (int K = 0; K < 8; ++K) {
    uint64_t Before = now();
    uint64_t Wall =
        uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                     std::chrono::system_clock::now().time_since_epoch())
                     .count());
    uint64_t After = now();
    if (After - Before < Best) {
      Best = After - Before;
      Origin = Before + (After - Before) / 2;
      OriginWall = Wall;
    }
  }
  Enabled = true;
}

const char *trace::path() { return Path.c_str(); }

namespace {
double us(uint64_t T) { return double(T - Origin) / 1000.0; }

/// One event of thread Tid as JSON lines of the trace (a parked wait as an
/// async begin and end; WithArrow: the message's flow event too).
void writeEvent(FILE *F, unsigned Tid, const Event &E, bool WithArrow) {
  using namespace trace;
  std::string Name = E.What ? *E.What : kindName(E.K);
  if (E.K == Send || E.K == Dequeue || E.K == ParkedSend ||
      E.K == ParkedDequeue || E.K == Box || E.K == ReduceStep)
    Name = std::string(kindName(E.K)) + " " + Name;
  std::fprintf(F, ",\n{\"name\":\"");
  escape(F, E.K == FrameOut || E.K == FrameIn
                ? std::string(kindName(E.K)) + " " + Name
                : Name);
  std::fprintf(F, "\",\"cat\":\"%s\",\"pid\":%u,\"tid\":%u,\"ts\":%.3f",
               kindName(E.K), Pid, Tid, us(E.Start));
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
                 "\",\"cat\":\"%s\",\"pid\":%u,\"tid\":%u,\"ts\":%.3f,"
                 "\"ph\":\"e\",\"id2\":{\"local\":\"0x%llx\"}}",
                 kindName(E.K), Pid, Tid, us(E.End),
                 (unsigned long long)uintptr_t(E.What));
  }
  if (E.Flow && WithArrow) {
    // The message's arrow: it leaves the send slice and enters the
    // dequeue slice that took the message ("bp":"e": the slice
    // enclosing the end, not the next one to begin). Ids are global,
    // so an arrow may join two nodes of a merged trace.
    std::fprintf(F,
                 ",\n{\"name\":\"message\",\"cat\":\"message\","
                 "\"pid\":%u,\"tid\":%u,\"ts\":%.3f,\"id\":\"0x%llx\","
                 "\"ph\":%s}",
                 Pid, Tid, us(E.FlowTs), (unsigned long long)E.Flow,
                 E.K == Send ? "\"s\"" : "\"f\",\"bp\":\"e\"");
  }
}

} // namespace

void trace::write() {
  if (!Enabled || Written.exchange(true))
    return;
  FILE *F = std::fopen(Path.c_str(), "w");
  if (!F) {
    std::fprintf(stderr, "aspen: warning: cannot write ASPEN_TRACE file '%s'\n",
                 Path.c_str());
    return;
  }
  std::lock_guard<std::mutex> L(Registry);
  // One event a line, as merge() expects.
  std::fprintf(F,
               "{\"displayTimeUnit\":\"ns\",\"otherData\":{"
               "\"aspen_origin_wall_ns\":\"%llu\"},\"traceEvents\":[\n",
               (unsigned long long)OriginWall);
  std::fprintf(F,
               "{\"ph\":\"M\",\"pid\":%u,\"name\":\"process_name\",\"args\":"
               "{\"name\":\"",
               Pid);
  escape(F, "aspen " + NodeName);
  std::fprintf(F, "\"}}");
  std::fprintf(F,
               ",\n{\"ph\":\"M\",\"pid\":%u,\"name\":\"process_sort_index\","
               "\"args\":{\"sort_index\":%u}}",
               Pid, Pid);
  uint64_t Dropped = 0;
  auto At = [](const Buffer &B, size_t K) -> const Event & {
    return B.Chunks[K >> ChunkBits].load(
        std::memory_order_acquire)[K & (ChunkSize - 1)];
  };
  // What each thread had published when the writing began, read once, as
  // the threads may go on recording; and the run each is in the middle of,
  // which becomes a slice up to now if its fiber was read consistently
  // (not switching meanwhile) and its run is not among the events read:
  // the events recorded within it so far end before now.
  std::vector<size_t> Counts;
  std::vector<std::pair<const std::string *, uint64_t>> Open;
  for (auto &B : Buffers) {
    const std::string *What = B->Running.load(std::memory_order_acquire);
    uint64_t Since = B->RunningSince.load(std::memory_order_relaxed);
    if (B->Running.load(std::memory_order_acquire) != What)
      What = nullptr;
    Counts.push_back(B->Count.load(std::memory_order_acquire));
    if (What && Counts.back()) {
      const Event &Last = At(*B, Counts.back() - 1);
      if (Last.K == Run && Last.Start == Since)
        What = nullptr;
    }
    Open.push_back({What, Since});
  }
  uint64_t Now = now();
  // An arrow's end whose start is not in the file is left out: a receiver
  // records its dequeue as soon as it has the message, before the sender
  // records the send, so a file written while the program runs can hold
  // the one without the other (as can one that dropped events). The
  // launcher does this for the files of several nodes once merged.
  std::unordered_set<uint64_t> Sent;
  if (!PerNode)
    for (size_t T = 0; T < Buffers.size(); ++T)
      for (size_t K = 0; K < Counts[T]; ++K)
        if (const Event &E = At(*Buffers[T], K); E.K == Send && E.Flow)
          Sent.insert(E.Flow);
  for (size_t T = 0; T < Buffers.size(); ++T) {
    auto &B = Buffers[T];
    Dropped += B->Dropped.load(std::memory_order_relaxed);
    std::fprintf(F,
                 ",\n{\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"name\":"
                 "\"thread_name\",\"args\":{\"name\":\"",
                 Pid, B->Tid);
    escape(F, B->Name);
    std::fprintf(F, "\"}}");
    if (const std::string *What = Open[T].first) {
      std::fprintf(F, ",\n{\"name\":\"");
      escape(F, *What);
      std::fprintf(F,
                   "\",\"cat\":\"run\",\"pid\":%u,\"tid\":%u,\"ts\":%.3f,"
                   "\"ph\":\"X\",\"dur\":%.3f,\"args\":{\"running\":true}}",
                   Pid, B->Tid, us(Open[T].second),
                   double(Now - Open[T].second) / 1000.0);
    }
    for (size_t K = 0; K < Counts[T]; ++K) {
      const Event &E = At(*B, K);
      writeEvent(F, B->Tid, E,
                 PerNode || E.K == Send || Sent.count(E.Flow) != 0);
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

namespace {
/// One node's file, read a line at a time: each event is a line of its own
/// (as write() puts them), so merging needs no JSON parser and holds one
/// line in memory, not the file.
struct NodeFile {
  FILE *F = nullptr;
  char *Buf = nullptr;
  size_t Cap = 0;
  uint64_t Wall = 0;
  ~NodeFile() {
    if (F)
      std::fclose(F);
    std::free(Buf);
  }
  /// Opens the file and reads its header; false when it is not a whole
  /// trace file's beginning.
  bool open(const std::string &Name) {
    F = std::fopen(Name.c_str(), "r");
    if (!F)
      return false;
    std::string Head;
    if (!raw(Head))
      return false;
    const char *Key = "\"aspen_origin_wall_ns\":\"";
    size_t At = Head.find(Key);
    if (At == std::string::npos ||
        Head.find("\"traceEvents\":[") == std::string::npos)
      return false;
    Wall = std::strtoull(Head.c_str() + At + std::strlen(Key), nullptr, 10);
    return true;
  }
  /// The next event, without its separating comma; false at the end. A
  /// line without its newline is one a node killed while writing left cut
  /// short: it ends the file.
  bool next(std::string &Line) {
    for (;;) {
      if (!raw(Line))
        return false;
      if (!Line.empty() && Line.back() == ',')
        Line.pop_back();
      if (Line.empty() || Line[0] != '{')
        continue; // the closing "]}"
      return true;
    }
  }
  /// The next line, whole (its newline read, not kept).
  bool raw(std::string &Line) {
    ssize_t N = getline(&Buf, &Cap, F);
    if (N <= 0 || Buf[N - 1] != '\n')
      return false;
    Line.assign(Buf, size_t(N - 1));
    return true;
  }
  /// Back to the first event.
  void rewind() {
    std::rewind(F);
    std::string Head;
    raw(Head);
  }
};

/// The id of a flow event's line ("id":"0x..."), or 0.
uint64_t flowIdOf(const std::string &Line) {
  size_t Id = Line.find("\"id\":\"");
  return Id == std::string::npos
             ? 0
             : std::strtoull(Line.c_str() + Id + 6, nullptr, 16);
}
} // namespace

bool trace::merge(const std::string &Path,
                  const std::vector<std::string> &Nodes) {
  std::vector<std::unique_ptr<NodeFile>> Files;
  std::vector<std::string> Missing;
  uint64_t First = UINT64_MAX;
  for (const std::string &Node : Nodes) {
    auto NF = std::make_unique<NodeFile>();
    if (!NF->open(perNodePath(Path, Node, ".json"))) {
      Missing.push_back(Node);
      continue;
    }
    First = std::min(First, NF->Wall);
    Files.push_back(std::move(NF));
  }
  // No node got as far as its trace (each has said why): nothing to merge.
  if (Files.empty())
    return false;
  for (const std::string &Node : Missing)
    std::fprintf(stderr,
                 "aspen: note: no trace from node '%s' (its file is not on "
                 "this host, or it ended before writing it); the merged "
                 "ASPEN_TRACE file lacks it\n",
                 Node.c_str());
  // The arrows that start somewhere: the end of one whose start no node
  // wrote (a node interrupted before it recorded the send, a node whose
  // file is elsewhere) is left out.
  std::unordered_set<uint64_t> Sent;
  std::string Line;
  for (auto &NF : Files) {
    while (NF->next(Line))
      if (Line.find("\"ph\":\"s\"") != std::string::npos)
        Sent.insert(flowIdOf(Line));
    NF->rewind();
  }
  FILE *F = std::fopen(Path.c_str(), "w");
  if (!F) {
    std::fprintf(stderr, "aspen: warning: cannot write ASPEN_TRACE file '%s'\n",
                 Path.c_str());
    return false;
  }
  std::fprintf(F, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
  const char *Sep = "\n";
  for (auto &NF : Files) {
    // Shifting "ts" by the difference of the origins' wall-clock readings
    // puts every node on the first one's time line. A "ts" key cannot
    // occur inside a string, whose quotes are escaped.
    double Shift = double(NF->Wall - First) / 1000.0;
    while (NF->next(Line)) {
      if (Line.find("\"ph\":\"f\"") != std::string::npos &&
          !Sent.count(flowIdOf(Line)))
        continue;
      size_t Ts = Line.find("\"ts\":");
      if (Ts != std::string::npos && Shift != 0) {
        char *NumEnd;
        double V = std::strtod(Line.c_str() + Ts + 5, &NumEnd);
        char Num[32];
        std::snprintf(Num, sizeof Num, "%.3f", V + Shift);
        Line = Line.substr(0, Ts + 5) + Num +
               Line.substr(size_t(NumEnd - Line.c_str()));
      }
      std::fputs(Sep, F);
      std::fputs(Line.c_str(), F);
      Sep = ",\n";
    }
  }
  std::fprintf(F, "\n]}\n");
  if (std::ferror(F) | std::fclose(F)) {
    std::fprintf(stderr, "aspen: warning: cannot write ASPEN_TRACE file '%s'\n",
                 Path.c_str());
    return false;
  }
  return true;
}
