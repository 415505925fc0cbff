//===- Scheduler.cpp - Fibers on work-stealing workers --------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "sched/Scheduler.h"
#include "support/Support.h"
#include "trace/Trace.h"
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <hwloc.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

using namespace aspen::rt;

namespace {
/// A cheap clock for the steal grace below: the time stamp counter (about
/// 20 cycles to read, constant rate on the processors this runs on), or the
/// monotonic clock in nanoseconds elsewhere.
inline uint64_t timeStamp() {
#if defined(__x86_64__)
  return __builtin_ia32_rdtsc();
#else
  return uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}
/// About 5 us at 2 to 3 GHz (or 10 us of nanoseconds).
constexpr uint64_t StealGraceTicks = 10000;
/// How long an idle worker looks for work before it sleeps: about 80 us at
/// 2.3 GHz (256 looks a pause apart took about 20; bound at 20 us, the
/// spaced looks ran the 10^5 ring on two workers in 0.82 to 0.86 s, at 80
/// in 0.72 to 0.80); and the most pauses (about 15 ns each here) between
/// two looks.
constexpr uint64_t IdleSpinTicks = 184000;
constexpr unsigned MaxGap = 64;
/// How often an idle worker asks the kernel whether its core is wanted by
/// other threads (about 20 ms at 2.3 GHz), and the share of that time spent
/// waiting for the core that says it is (an eighth): see contended().
constexpr uint64_t ContentionCheckTicks = 46000000;
constexpr uint64_t ContendedShare = 8;
/// How long an idle worker on such a core looks for work before it sleeps
/// (about 9 us): a hand-off from the event loop or another worker often
/// comes within that, and each one missed costs a futex wake-up. Under wrk,
/// sleeping at once put examples/webserver's p99 latency at 3 to 9 ms,
/// this at 1.4 to 2.2 ms, at the same rate of requests.
constexpr uint64_t ContendedSpinTicks = 20000;

/// The calling thread's schedstat (its time on a CPU, its time runnable
/// but waiting for one, in ns), kept open by the worker; -1 without one.
int openSchedStat() {
  return ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
}

/// The time the thread of Fd (from openSchedStat) has waited for a CPU.
bool runDelayNs(int Fd, uint64_t &Ns) {
  char Buf[96];
  ssize_t N = Fd < 0 ? -1 : ::pread(Fd, Buf, sizeof Buf - 1, 0);
  if (N <= 0)
    return false;
  Buf[N] = 0;
  unsigned long long OnCpu, Waited;
  if (std::sscanf(Buf, "%llu %llu", &OnCpu, &Waited) != 2)
    return false;
  Ns = Waited;
  return true;
}
} // namespace

// ThreadSanitizer must be told about every stack switch, or it mistakes
// one fiber's accesses for another's.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define ASPEN_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define ASPEN_TSAN 1
#endif
// AddressSanitizer too, or an exception thrown on a fiber's stack leaves
// stale poison behind (it cannot unpoison a stack it does not know).
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASPEN_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ASPEN_ASAN 1
#endif
#ifdef ASPEN_ASAN
#include <sanitizer/common_interface_defs.h>
/// Inside a fiber, just switched to: note the stack we came from.
static void asanEntered(Fiber *F) {
  __sanitizer_finish_switch_fiber(F->AsanFake, &F->ReturnBottom,
                                  &F->ReturnSize);
}
/// Inside a fiber, about to switch back to its worker (Dying: for good).
static void asanLeaving(Fiber *F, bool Dying) {
  __sanitizer_start_switch_fiber(Dying ? nullptr : &F->AsanFake,
                                 F->ReturnBottom, F->ReturnSize);
}
#endif

#ifdef ASPEN_TSAN
extern "C" {
void *__tsan_get_current_fiber(void);
void *__tsan_create_fiber(unsigned Flags);
void __tsan_destroy_fiber(void *Fiber);
void __tsan_switch_to_fiber(void *Fiber, unsigned Flags);
}
#endif

namespace {
#ifdef ASPEN_TSAN
thread_local void *TLWorkerTsanFiber = nullptr;
#endif
thread_local void *TLWorker = nullptr;
thread_local Fiber *TLFiber = nullptr;
thread_local Scheduler *TLScheduler = nullptr;

// A fiber can resume on another thread than the one it parked on. Reading
// thread-locals through these out-of-line functions stops the compiler from
// reusing a thread-local address computed before the switch.
[[gnu::noinline]] void *currentWorker() { return TLWorker; }
#ifdef ASPEN_TSAN
[[gnu::noinline]] void *workerTsanFiber() { return TLWorkerTsanFiber; }
#endif

inline void cpuRelax() { __builtin_ia32_pause(); }
} // namespace

[[gnu::noinline]] Fiber *Scheduler::current() { return TLFiber; }
[[gnu::noinline]] Scheduler *Scheduler::instance() { return TLScheduler; }

/// The machine as this process may use it: cores outside its binding
/// (taskset, a cluster launcher's) are left out, so the default worker
/// count and the cores workers are pinned to respect it.
static hwloc_topology_t loadBoundTopology() {
  hwloc_topology_t Topo;
  hwloc_topology_init(&Topo);
  hwloc_topology_set_flags(Topo,
                           HWLOC_TOPOLOGY_FLAG_IS_THISSYSTEM |
                               HWLOC_TOPOLOGY_FLAG_RESTRICT_TO_CPUBINDING);
  hwloc_topology_load(Topo);
  return Topo;
}

CpuBinding aspen::rt::cpuBinding() {
  CpuBinding B;
  hwloc_topology_t Topo;
  hwloc_topology_init(&Topo);
  hwloc_topology_load(Topo);
  B.MachineCores =
      unsigned(std::max(1, hwloc_get_nbobjs_by_type(Topo, HWLOC_OBJ_CORE)));
  hwloc_bitmap_t Bound = hwloc_bitmap_alloc();
  // The calling thread's binding: at start-up every thread has the one the
  // process was started with.
  if (hwloc_get_cpubind(Topo, Bound, HWLOC_CPUBIND_THREAD) == 0) {
    hwloc_const_bitmap_t Allowed = hwloc_topology_get_allowed_cpuset(Topo);
    B.Whole = hwloc_bitmap_isincluded(Allowed, Bound);
    int Cores =
        hwloc_get_nbobjs_inside_cpuset_by_type(Topo, Bound, HWLOC_OBJ_CORE);
    if (Cores <= 0) // bound to part of a core's threads
      Cores = hwloc_get_nbobjs_inside_cpuset_by_type(Topo, Bound, HWLOC_OBJ_PU);
    B.Cores = unsigned(std::max(1, Cores));
  } else {
    B.Cores = B.MachineCores;
  }
  hwloc_bitmap_free(Bound);
  hwloc_topology_destroy(Topo);
  return B;
}

Scheduler::Scheduler(Options O) : Opts(O) {
  // Programs decide in aspen_rt_run, before the transport's threads; this
  // is for schedulers made without it (the unit tests).
  enableAsymmetricBarrier();
  hwloc_topology_t Topo = loadBoundTopology();
  Topology = Topo;
  // Unpinned workers may share their cores with other processes' too.
  Opts.SharedCores |= !Opts.Pin;
  if (Opts.Workers == 0) {
    int Cores = hwloc_get_nbobjs_by_type(Topo, HWLOC_OBJ_CORE);
    Opts.Workers = Cores > 0
                       ? unsigned(Cores)
                       : std::max(1u, std::thread::hardware_concurrency());
  }
  int Threads = hwloc_get_nbobjs_by_type(Topo, HWLOC_OBJ_PU);
  Oversubscribed = Threads > 0 && Opts.Workers > unsigned(Threads);
  for (unsigned I = 0; I < Opts.Workers; ++I) {
    auto W = std::make_unique<Worker>();
    W->Index = I;
    W->Rand = 0x9E3779B97F4A7C15ull * (I + 1);
    Workers.push_back(std::move(W));
  }
}

Scheduler::~Scheduler() {
  hwloc_topology_destroy(static_cast<hwloc_topology_t>(Topology));
}

void Scheduler::spawn(Fiber *F, bool Daemon) {
  F->Daemon = Daemon;
  NumDaemons += Daemon;
  Initial.push_back(F);
}

void Scheduler::spawnNow(Fiber *F) {
  F->Daemon = false;
  F->St.store(Fiber::Runnable, std::memory_order_relaxed);
  Live.fetch_add(1, std::memory_order_acq_rel); // the caller keeps Live > 0
  enqueue(F);
}

void Scheduler::enqueue(Fiber *F, bool Handoff) {
  if (auto *W = static_cast<Worker *>(currentWorker())) {
    W->Deque.push(F);
    if (Handoff)
      W->LastWake.store(timeStamp(), std::memory_order_relaxed);
  } else
    while (!Inject.tryPush(F))
      cpuRelax();
  notify();
}

int Scheduler::run(DeadlockHandler Handler) {
  OnDeadlock = std::move(Handler);
  Stacks = std::make_unique<StackPool>(Opts.StackSize);
  // Enough shared stacks that the few fibers running at once rarely want
  // the same one; each costs only the pages its deepest user touched. No
  // more than OwnStacks, though, and one when that is 0: every fiber then
  // takes turns on one stack, one at a time (a test of the copying).
  size_t NShared = std::min<size_t>(16 * Workers.size(),
                                    std::max<size_t>(1, Opts.OwnStacks));
  for (size_t I = 0; I < NShared; ++I)
    Shared.push_back(std::make_unique<SharedStack>());
  Live.store(int64_t(Initial.size()) - NumDaemons);
  if (Live.load() == 0) {
    if (!Opts.Distributed)
      return 0;
    if (Opts.OnLocalDone)
      Opts.OnLocalDone();
  }
  // Deal the fibers out before any worker starts; thread creation orders
  // these pushes before the owners' first pops.
  for (size_t I = 0; I < Initial.size(); ++I)
    Workers[I % Workers.size()]->Deque.push(Initial[I]);
  std::vector<std::thread> Threads;
  for (unsigned I = 1; I < Workers.size(); ++I)
    Threads.emplace_back([this, I] { workerLoop(I); });
  workerLoop(0);
  for (std::thread &T : Threads)
    T.join();
  return Status.load();
}

/// The CPUs of the cores the workers are pinned to (empty when they are
/// not pinned); the caller frees it.
static hwloc_bitmap_t workerCpus(void *Topology, const Scheduler::Options &O,
                                 size_t NumWorkers) {
  hwloc_bitmap_t Set = hwloc_bitmap_alloc();
  auto Topo = static_cast<hwloc_topology_t>(Topology);
  int Cores = Topo ? hwloc_get_nbobjs_by_type(Topo, HWLOC_OBJ_CORE) : 0;
  if (!O.Pin || Cores <= 0)
    return Set;
  for (unsigned I = 0; I < NumWorkers && I < unsigned(Cores); ++I) {
    hwloc_obj_t Core = hwloc_get_obj_by_type(
        Topo, HWLOC_OBJ_CORE, (O.FirstCore + I) % unsigned(Cores));
    if (Core && Core->cpuset)
      hwloc_bitmap_or(Set, Set, Core->cpuset);
  }
  return Set;
}

std::string Scheduler::placement() const {
  unsigned N = workerCount();
  std::string S = std::to_string(N) + (N == 1 ? " worker" : " workers");
  hwloc_bitmap_t Set = workerCpus(Topology, Opts, N);
  if (hwloc_bitmap_iszero(Set)) {
    hwloc_bitmap_free(Set);
    return S + ", not pinned";
  }
  char *List = nullptr;
  hwloc_bitmap_list_asprintf(&List, Set);
  S += std::string(" pinned to CPU") +
       (hwloc_bitmap_weight(Set) == 1 ? " " : "s ") + (List ? List : "?");
  std::free(List);
  hwloc_bitmap_free(Set);
  if (Opts.SharedCores)
    S += ", shared with other nodes";
  return S;
}

void Scheduler::bindToWorkerCores() {
  hwloc_bitmap_t Set = workerCpus(Topology, Opts, Workers.size());
  if (!hwloc_bitmap_iszero(Set))
    hwloc_set_cpubind(static_cast<hwloc_topology_t>(Topology), Set,
                      HWLOC_CPUBIND_THREAD);
  hwloc_bitmap_free(Set);
}

void Scheduler::workerLoop(unsigned Index) {
  Worker &W = *Workers[Index];
  TLWorker = &W;
  trace::nameThread("worker " + std::to_string(Index));
  TLScheduler = this;
  W.SchedStat = openSchedStat();
  runDelayNs(W.SchedStat, W.RunDelayNs);
  W.ContentionCheckNs = trace::now();
  W.NextContentionCheck = timeStamp() + ContentionCheckTicks;
  if (Opts.Pin) {
    auto Topo = static_cast<hwloc_topology_t>(Topology);
    int Cores = hwloc_get_nbobjs_by_type(Topo, HWLOC_OBJ_CORE);
    if (Cores > 0) {
      hwloc_obj_t Core = hwloc_get_obj_by_type(
          Topo, HWLOC_OBJ_CORE, (Opts.FirstCore + Index) % unsigned(Cores));
      if (Core && Core->cpuset)
        hwloc_set_cpubind(Topo, Core->cpuset, HWLOC_CPUBIND_THREAD);
    }
  }
  while (!Stopping.load(std::memory_order_acquire)) {
    if (Fiber *F = findWork(W)) {
      runFiber(W, F);
      // A worker busy with fibers still reads the network now and then.
      if (Poll && ++W.SincePoll == 32) {
        W.SincePoll = 0;
        Poll();
      }
    } else {
      idle(W);
    }
  }
  if (W.SchedStat >= 0)
    ::close(W.SchedStat);
  TLWorker = nullptr;
}

Fiber *Scheduler::findWork(Worker &W) {
  Fiber *F = nullptr;
  if (W.Deque.pop(F))
    return F;
  // Inject has one consumer at a time: whichever worker takes the flag.
  if (Inject.size() != 0 && !InjectBusy.load(std::memory_order_relaxed) &&
      !InjectBusy.exchange(true, std::memory_order_acquire)) {
    bool Got = Inject.tryPop(F);
    InjectBusy.store(false, std::memory_order_release);
    if (Got)
      return F;
  }
  // A worker's only runnable fiber, made runnable a moment ago by the fiber
  // it is running, is left to it for a few microseconds: that fiber is
  // most often about to wait (it sent, and now dequeues), and its worker
  // then runs the woken one with the message still in its cache. Taken at
  // once, a thief moved hop after hop of a message passed along a chain to
  // the other core (bench/ring, 10^5 instances: 1.6 to 1.9 s on two
  // workers against 0.9 s on one; with the grace 1.05 to 1.45 s). A fiber
  // that keeps computing after it woke another delays the steal by the
  // grace time only. Only wake-ups for a message count (Handoff).
  if (Workers.size() > 1) {
    uint64_t Now = 0;
    if (stealFromRandom(Workers, W, W.Rand, [&](Worker &V) {
          if (V.Deque.size() <= 1) {
            if (!Now)
              Now = timeStamp();
            // Signed: the victim may have stamped LastWake after Now was
            // read (another core's clock, or a wake since), and an unsigned
            // difference would wrap to "long ago" and steal at once.
            if (int64_t(Now - V.LastWake.load(std::memory_order_relaxed)) <
                int64_t(StealGraceTicks))
              return false;
          }
          return V.Deque.steal(F);
        }))
      return F;
  }
  return nullptr;
}

bool Scheduler::anyWork() {
  if (Inject.size() != 0)
    return true;
  for (auto &W : Workers)
    if (!W->Deque.empty())
      return true;
  return false;
}

namespace {
/// Where a suspended fiber's context was saved on its stack: everything
/// it needs is between there and the stack's top. (Boost.Context's fiber
/// is that one pointer.)
char *savedContext(const boost::context::fiber &C) {
  static_assert(sizeof(C) == sizeof(void *), "a fiber is its fcontext_t");
  void *P;
  std::memcpy(&P, static_cast<const void *>(&C), sizeof P);
  return static_cast<char *>(P);
}

/// The allocator of a fiber on a shared stack: the stack is there already,
/// and stays when the fiber ends.
struct OnSharedStack {
  SharedStack *H;
  boost::context::stack_context allocate() { return H->Stack; }
  void deallocate(boost::context::stack_context &) {}
};

void lockShared(SharedStack &H) {
  while (H.Lock.exchange(true, std::memory_order_acquire))
    cpuRelax();
}
void unlockShared(SharedStack &H) {
  H.Lock.store(false, std::memory_order_release);
}
} // namespace

// Takes H for F, or queues F on it (false) until its holder switches out.
// With H taken, the fiber whose bytes are on it, if another, is copied out
// and F's copied in.
bool Scheduler::enterShared(SharedStack &H, Fiber *F) {
  lockShared(H);
  if (H.Busy) {
    H.Waiters.push_back(F);
    unlockShared(H);
    return false;
  }
  H.Busy = true;
  unlockShared(H);
  if (!H.Stack.sp)
    H.Stack = Stacks->allocate();
  if (H.Resident == F)
    return true;
  char *Top = static_cast<char *>(H.Stack.sp);
  if (Fiber *R = H.Resident) {
    char *Sp = savedContext(R->Ctx);
    uint32_t N = uint32_t(Top - Sp);
    if (N > R->SavedCap) {
      R->SavedCap = (N + 255) & ~255u;
      R->Saved.reset(new char[R->SavedCap]);
    }
    std::memcpy(R->Saved.get(), Sp, N);
    R->SavedLen = N;
  }
  if (F->Ctx) {
    std::memcpy(savedContext(F->Ctx), F->Saved.get(), F->SavedLen);
    F->SavedLen = 0;
  }
  H.Resident = F;
  return true;
}

// F has switched out of H: let the next one in.
void Scheduler::leaveShared(Worker &W, SharedStack &H, Fiber *F, bool Done) {
  if (Done) {
    H.Resident = nullptr;
    F->Saved.reset();
    F->SavedCap = F->SavedLen = 0;
  }
  // The waiters go on this worker's deque under the lock, so the list
  // keeps its room and a busy stack costs no allocation per turn.
  lockShared(H);
  H.Busy = false;
  const bool Any = !H.Waiters.empty();
  for (Fiber *N : H.Waiters)
    W.Deque.push(N);
  H.Waiters.clear();
  unlockShared(H);
  if (Any)
    notify();
}

void Scheduler::runFiber(Worker &W, Fiber *F) {
  if (!F->Ctx && !F->Home) {
    // A stack of its own while few fibers have one; else a shared one.
    bool Own =
        OwnStacksUsed.fetch_add(1, std::memory_order_relaxed) < Opts.OwnStacks;
#ifdef ASPEN_ASAN
    Own = true; // ASan's stack poisoning cannot follow copied bytes
#endif
    if (!Own) {
      OwnStacksUsed.fetch_sub(1, std::memory_order_relaxed);
      F->Home = Shared[NextShared.fetch_add(1, std::memory_order_relaxed) %
                       Shared.size()]
                    .get();
    }
  }
  SharedStack *H = F->Home;
  if (H && !enterShared(*H, F))
    return; // runs when H's holder switches out
  W.Runs.store(W.Runs.load(std::memory_order_relaxed) + 1,
               std::memory_order_relaxed);
  TLFiber = F;
  F->St.store(Fiber::Running, std::memory_order_relaxed);
  if (!F->Ctx) {
    auto Body = [F](boost::context::fiber &&Sink) {
#ifdef ASPEN_ASAN
      asanEntered(F);
#endif
      F->Sink = std::move(Sink);
      F->Body(); // never throws: the body catches what user code throws
      F->St.store(Fiber::Done, std::memory_order_release);
#ifdef ASPEN_TSAN
      __tsan_switch_to_fiber(workerTsanFiber(), 0);
#endif
#ifdef ASPEN_ASAN
      asanLeaving(F, true);
#endif
      return std::move(F->Sink);
    };
    if (H)
      F->Ctx = boost::context::fiber(std::allocator_arg, OnSharedStack{H},
                                     std::move(Body));
    else
      F->Ctx = boost::context::fiber(
          std::allocator_arg,
          PooledStack{Stacks.get(), &F->StackBottom, &F->StackSize},
          std::move(Body));
  }
#ifdef ASPEN_TSAN
  if (!F->TsanFiber)
    F->TsanFiber = __tsan_create_fiber(0);
  TLWorkerTsanFiber = __tsan_get_current_fiber();
  __tsan_switch_to_fiber(F->TsanFiber, 0);
#endif
  uint64_t T0 = 0;
  if (trace::Enabled) {
    T0 = trace::now();
    trace::running(F->TraceName, T0);
  }
#ifdef ASPEN_ASAN
  void *WorkerFake = nullptr;
  __sanitizer_start_switch_fiber(&WorkerFake, F->StackBottom, F->StackSize);
#endif
  F->Ctx = std::move(F->Ctx).resume();
#ifdef ASPEN_ASAN
  __sanitizer_finish_switch_fiber(WorkerFake, nullptr, nullptr);
#endif
  TLFiber = nullptr;
  if (trace::Enabled) {
    trace::record(trace::Run, F->TraceName, nullptr, T0, trace::now());
    trace::running(nullptr, 0);
  }

  int S = F->St.load(std::memory_order_acquire);
  if (H)
    leaveShared(W, *H, F, S == Fiber::Done);
  else if (S == Fiber::Done)
    OwnStacksUsed.fetch_sub(1, std::memory_order_relaxed);
  if (S == Fiber::Done) {
#ifdef ASPEN_TSAN
    __tsan_destroy_fiber(F->TsanFiber);
    F->TsanFiber = nullptr;
#endif
    if (!F->Daemon && Live.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      if (Opts.Distributed) {
        if (Opts.OnLocalDone)
          Opts.OnLocalDone();
        return;
      }
      Stopping.store(true, std::memory_order_release);
      Epoch.fetch_add(1);
      futexWake(Epoch, INT_MAX);
    }
    return;
  }
  if (S == Fiber::Parking) {
    int Expected = Fiber::Parking;
    if (F->St.compare_exchange_strong(Expected, Fiber::Parked,
                                      std::memory_order_acq_rel))
      return; // parked: whoever makes progress possible will wake it
    // Woken while switching out: run it again.
  }
  F->St.store(Fiber::Runnable, std::memory_order_relaxed);
  W.Deque.push(F);
}

bool Scheduler::maySpin() const {
  if (Workers.size() < 2 || Oversubscribed)
    return false;
  auto *W = static_cast<Worker *>(currentWorker());
  if (!W || W->Contended || !W->Deque.empty() ||
      Idle.load(std::memory_order_relaxed) >= int(Workers.size()) - 1)
    return false;
  // A fiber waiting on another worker's deque is work this one could
  // steal now, where a spin would wait for a message that fiber may be
  // the one to send: RDE's prime counting at one number per message left
  // its dealer queued behind a long-running worker while the other core
  // spun for the dealer's next message (0.51 to 0.47 s).
  for (const auto &O : Workers)
    if (O.get() != W && !O->Deque.empty())
      return false;
  return true;
}

void Scheduler::park() {
  Fiber *F = TLFiber;
#ifdef ASPEN_TSAN
  __tsan_switch_to_fiber(workerTsanFiber(), 0);
#endif
#ifdef ASPEN_ASAN
  asanLeaving(F, false);
#endif
  F->Sink = std::move(F->Sink).resume();
#ifdef ASPEN_ASAN
  asanEntered(F); // perhaps on another worker's thread
#endif
}

void Scheduler::wake(Fiber *F, bool Handoff) {
  if (F->External) {
    F->External(F);
    return;
  }
  if (Handoff) {
    // Two fibers that answer each other (a ping-pong) are better apart,
    // each on its worker with its spin, than taking turns on one: only a
    // message passed on to a third fiber keeps it here (findWork).
    Fiber *Cur = TLFiber;
    if (!Cur || Cur->WokenBy.load(std::memory_order_relaxed) == F)
      Handoff = false;
    F->WokenBy.store(Cur, std::memory_order_relaxed);
  }
  int S = F->St.load(std::memory_order_acquire);
  for (;;) {
    if (S == Fiber::Done || S == Fiber::Ready || S == Fiber::Runnable)
      return; // finished, or already on its way to running
    if (F->St.compare_exchange_weak(S, Fiber::Ready, std::memory_order_acq_rel))
      break;
  }
  if (S != Fiber::Parked)
    return; // its worker has not finished parking it and will requeue it
  F->St.store(Fiber::Runnable, std::memory_order_relaxed);
  enqueue(F, Handoff);
}

void Scheduler::notify() {
  fullFence();
  if (Sleepers.load(std::memory_order_relaxed) > 0) {
    Epoch.fetch_add(1, std::memory_order_release);
    futexWake(Epoch, 1);
  }
}

void Scheduler::stop(int S) {
  int Zero = 0;
  Status.compare_exchange_strong(Zero, S);
  Stopping.store(true, std::memory_order_release);
  Epoch.fetch_add(1);
  futexWake(Epoch, INT_MAX);
}

/// Whether other threads want W's core: since the last look, W's thread
/// spent at least a ContendedShare-th of the time runnable but waiting for
/// its CPU (the kernel's schedstat). Spinning on such a core takes the time
/// the others need, whoever they are (another program, a load generator,
/// the program's own event loop): examples/webserver under wrk on two
/// cores served 85,000 to 91,000 requests/s while its idle workers spun
/// and 98,000 to 114,000 when they slept soon (level with nginx, from
/// 0.74x its rate). Under wrk its workers waited for their cores 16 to
/// 43 % of the time; on an idle machine a ping-pong's about 1 %. The wait is
/// counted while the worker runs fibers, too, so a worker that sleeps instead
/// of spinning still sees it. (Preemptions are a worse sign: on an idle machine
/// the kernel's own threads preempt a spinning worker 20 times a second, and a
/// CPU-bound neighbour only at the end of its slices.)
bool Scheduler::contended(Worker &W, uint64_t Now) {
  if (Now < W.NextContentionCheck)
    return W.Contended;
  W.NextContentionCheck = Now + ContentionCheckTicks;
  uint64_t Delay;
  if (!runDelayNs(W.SchedStat, Delay))
    return W.Contended = false;
  const uint64_t Ns = trace::now();
  W.Contended =
      (Delay - W.RunDelayNs) * ContendedShare >= Ns - W.ContentionCheckNs;
  W.RunDelayNs = Delay;
  W.ContentionCheckNs = Ns;
  return W.Contended;
}

uint64_t Scheduler::contendedIdles() const {
  uint64_t N = 0;
  for (const auto &W : Workers)
    N += W->ContendedIdles.load(std::memory_order_relaxed);
  return N;
}

/// How long an idle worker of a node process keeps polling the network
/// before it sleeps (NetSpinUs): long enough to cover a round trip to
/// another node, and the pauses of a large transfer while the peer drains
/// its socket. Once it sleeps, the transport thread reads in its place and
/// every segment that arrives costs a wakeup: with 200 us, 4 MiB messages
/// moved at 3.4 to 4.2 GB/s, with 2 ms at 4.6 to 4.7
/// (bench/dist/bandwidth.asp). Over links whose round trip is longer than
/// that, an answer came after the worker had gone to sleep, and waking the
/// sleeping CPU cost whole milliseconds here: a ping-pong over 1 ms links
/// took 4.2 or 6.3 ms a round trip, run after run, instead of 2.06
/// (MPI's 2.06). The transport sets it to twice the longest round trip
/// (setNetSpinUs). Only node processes spin here, and only for this long
/// (MPI's progress engines spin for as long as a call waits).
void Scheduler::idle(Worker &W) {
  // Looks for work for about IdleSpinTicks before sleeping, further and
  // further apart (1 to MaxGap pauses): each look reads the other workers'
  // deques, whose owners then miss in the cache on their next push or pop,
  // so a worker that looks every 0.1 us slows the one that has the work
  // (a chain of hand-offs, bench/ring, on two workers). On a core other
  // threads want, for ContendedSpinTicks only.
  const uint64_t Start = timeStamp();
  const bool Shared = contended(W, Start);
  if (Shared)
    W.ContendedIdles.store(W.ContendedIdles.load(std::memory_order_relaxed) + 1,
                           std::memory_order_relaxed);
  unsigned Gap = 1;
  for (int I = 0;; ++I) {
    if (Stopping.load(std::memory_order_acquire))
      return;
    if (Fiber *F = findWork(W)) {
      runFiber(W, F);
      return;
    }
    // The network first: a fiber may just have sent, or be about to be
    // answered.
    if (Poll && Poll()) {
      Gap = 1;
      continue;
    }
    if (Shared && timeStamp() - Start > ContendedSpinTicks)
      break;
    // A node process sharing its cores with others (unpinned) gives the
    // core away between looks: the node it waits for may be the one
    // waiting for this core.
    if ((Poll && Opts.SharedCores) || Oversubscribed) {
      sched_yield();
      if (I >= 256)
        break;
      continue;
    }
    for (unsigned K = 0; K < Gap; ++K)
      cpuRelax();
    Gap = std::min(2 * Gap, MaxGap);
    if (timeStamp() - Start > IdleSpinTicks)
      break;
  }
  if (Poll) {
    // Messages from other nodes: poll the network while waiting a while
    // longer, giving the core away between looks (node processes may
    // share cores), before sleeping.
    auto Start = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - Start <
           std::chrono::microseconds(NetSpinUs)) {
      if (Stopping.load(std::memory_order_acquire))
        return;
      if (Fiber *F = findWork(W)) {
        runFiber(W, F);
        return;
      }
      if (Poll())
        Start = std::chrono::steady_clock::now();
      else if (Opts.SharedCores || Oversubscribed || Shared)
        sched_yield(); // a worker with a core to itself spins
    }
  }
  uint32_t E = Epoch.load(std::memory_order_acquire);
  if (Sleepers.fetch_add(1, std::memory_order_seq_cst) + 1 ==
          int(Workers.size()) &&
      AllAsleep)
    AllAsleep();
  int IdleNow = Idle.fetch_add(1, std::memory_order_seq_cst) + 1;
  if (!anyWork() && !Stopping.load(std::memory_order_acquire)) {
    // A fiber waiting for a timer or the network is not deadlocked. Its
    // count drops only once it runs again, so reading it before looking
    // for work again cannot miss its wake-up.
    if (IdleNow == int(Workers.size()) && !Opts.Distributed &&
        ExternalWaits.load(std::memory_order_seq_cst) == 0 && !anyWork()) {
      // Nobody is running a fiber and nothing is runnable.
      if (Live.load() == 0) {
        Stopping.store(true);
      } else if (!DeadlockReported.exchange(true)) {
        if (OnDeadlock)
          OnDeadlock();
        int Zero = 0;
        Status.compare_exchange_strong(Zero, 3);
        Stopping.store(true);
      }
      Epoch.fetch_add(1);
      futexWake(Epoch, INT_MAX);
    } else {
      futexWait(Epoch, E, 50);
    }
  }
  Idle.fetch_sub(1, std::memory_order_seq_cst);
  Sleepers.fetch_sub(1, std::memory_order_seq_cst);
}
