//===- Scheduler.h - Fibers on work-stealing workers ------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every module instance runs as a stackful fiber (Boost.Context). One worker
// thread per core (hwloc; ASPEN_WORKERS overrides) runs fibers from its own
// Chase-Lev deque and steals from the others when that is empty. A fiber that
// must wait (empty input, full output) parks: it switches back to its worker,
// which is then free for other fibers; whoever makes progress possible wakes
// it onto the waker's own deque.
//
// Parking protocol (no lost wake-ups):
//   parker: State = Parking; publish itself where a waker looks; re-check
//           the condition; switch to the worker. The worker then moves
//           Parking -> Parked with a CAS; if that fails a wake came in
//           between, and the worker requeues the fiber at once.
//   waker:  take the fiber from where it was published (exchange), then
//           State.exchange(Ready) == Parked ? schedule it : nothing to do.
// Both sides order "publish/re-check" against "make progress/look" with a
// seq_cst fence. Wake-ups may be spurious, so every park is in a loop.
//
// Stacks: a fiber gets a stack of its own while fewer than OwnStacks fibers
// have one. Beyond that, fibers share a few stacks (SharedStack), libco's
// "copy stack" scheme: only one of a shared stack's fibers runs at a time,
// and when another of them must run, the part of the stack the one there
// uses (from its saved context to the top, a kilobyte or two for a fiber
// waiting in dequeue) is copied out to a buffer of its own and the new
// one's copied in, at the same addresses. 10^5 fibers then cost their
// buffers, not 10^5 stacks of at least a page each. Addresses of a sharing
// fiber's locals stay the same, but while it waits its bytes may be
// elsewhere: nothing may point into a fiber's stack from outside it.
//
// Workers spin briefly when out of work, then sleep on an event count. When
// every worker is idle and no work exists anywhere, the program has either
// finished (no live fibers) or deadlocked (live fibers all parked).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SCHED_SCHEDULER_H
#define ASPEN_RT_SCHED_SCHEDULER_H

#include "queue/Queues.h"
#include "sched/StackPool.h"
#include <algorithm>
#include <atomic>
#include <boost/context/fiber.hpp>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace aspen::rt {

class Scheduler;

/// A thief's round: every other worker once, from a random one on
/// (xorshift64 in Rand), until Steal(victim) succeeds.
template <typename WorkerPtrs, typename W, typename StealFn>
bool stealFromRandom(WorkerPtrs &Workers, const W &Self, uint64_t &Rand,
                     StealFn &&Steal) {
  Rand ^= Rand << 13;
  Rand ^= Rand >> 7;
  Rand ^= Rand << 17;
  size_t N = Workers.size(), Start = Rand % N;
  for (size_t I = 0; I < N; ++I) {
    auto &V = *Workers[(Start + I) % N];
    if (&V != &Self && Steal(V))
      return true;
  }
  return false;
}

struct SharedStack;

struct Fiber {
  enum State : int { Runnable, Running, Parking, Parked, Ready, Done };
  std::atomic<int> St{Runnable};
  bool Daemon = false;
  boost::context::fiber Ctx;  // the suspended fiber
  boost::context::fiber Sink; // inside the fiber: the worker to return to
  std::function<void()> Body;
  void *Owner = nullptr;     // the rt::Instance running here
  void *TsanFiber = nullptr; // ThreadSanitizer's handle, when built with it
  // AddressSanitizer's view, when built with it: this fiber's stack, the
  // stack it returns to, and its fake stack while switched out.
  void *StackBottom = nullptr;
  size_t StackSize = 0;
  const void *ReturnBottom = nullptr;
  size_t ReturnSize = 0;
  void *AsanFake = nullptr;
  /// The fiber whose message last woke this one (Scheduler::wake with
  /// Handoff): a pair that wake each other in turn is not kept together.
  std::atomic<Fiber *> WokenBy{nullptr};
  /// Not a fiber but the transport waiting on a queue like one: wake()
  /// calls this instead of scheduling anything.
  void (*External)(Fiber *) = nullptr;
  uint32_t ExternalTag = 0;               // what the hook is about (a channel)
  const std::string *TraceName = nullptr; // ASPEN_TRACE: the instance
  /// The stack this fiber shares with others, or null: one of its own.
  SharedStack *Home = nullptr;
  /// A sharing fiber's bytes while another one uses its stack (Home's
  /// holder's alone).
  std::unique_ptr<char[]> Saved;
  uint32_t SavedLen = 0, SavedCap = 0;
};

/// A stack that fibers take turns on (see the file comment). Busy, and
/// the list of fibers waiting for it, are under Lock; Resident, the fiber
/// whose bytes are on it, belongs to whoever set Busy.
struct SharedStack {
  boost::context::stack_context Stack{}; // from the pool, at first use
  std::atomic<bool> Lock{false};
  bool Busy = false;
  Fiber *Resident = nullptr;
  std::vector<Fiber *> Waiters;
};

/// The cores this process may run on: its CPU binding as taskset, srun or
/// mpirun left it, within what the machine (or its cgroup) allows, counted
/// as the scheduler counts them (hwloc cores). Whole: the binding is all
/// that is allowed, so nobody has placed this process on a part of the
/// machine. The scheduler's core numbers (FirstCore) count only these.
struct CpuBinding {
  unsigned Cores = 1;        // in the binding
  unsigned MachineCores = 1; // allowed on this machine
  bool Whole = true;
};
CpuBinding cpuBinding();

class Scheduler {
public:
  struct Options {
    unsigned Workers = 0;          // 0: one per core
    size_t StackSize = 256 * 1024; // bytes, per fiber
    /// Fibers with a stack of their own at once; others share stacks.
    size_t OwnStacks = 4096;
    bool Pin = true;        // bind workers to cores with hwloc
    unsigned FirstCore = 0; // worker I goes on core FirstCore + I
    /// Other processes run on these cores too (node processes sharing a
    /// machine): idle workers give the core away between looks at the
    /// network. Set by the scheduler whenever workers are not pinned.
    bool SharedCores = false;
    /// One node of several: messages can arrive from outside at any time,
    /// so idle workers sleep instead of reporting a deadlock, and the run
    /// goes on after the last local fiber (collectives may still be needed
    /// by other nodes) until stop() is called. OnLocalDone is called once,
    /// from a worker, when the last non-daemon fiber finishes.
    bool Distributed = false;
    std::function<void()> OnLocalDone;
  };
  /// What to do when every worker is idle but fibers are still alive.
  using DeadlockHandler = std::function<void()>;

  explicit Scheduler(Options O);
  ~Scheduler();

  /// Adds a fiber before run(); it is started on some worker. A daemon
  /// (a collective) does not keep the program alive: the run ends when
  /// every other fiber has finished.
  void spawn(Fiber *F, bool Daemon = false);

  /// From inside a running fiber: starts F now, on this worker (thieves
  /// spread it). F keeps the run alive until it finishes, like a fiber
  /// given to spawn(), and must outlive the run.
  void spawnNow(Fiber *F);
  unsigned workerCount() const { return unsigned(Workers.size()); }
  /// For ASPEN_STATS: "2 workers pinned to CPUs 0-1", "1 worker, not
  /// pinned".
  std::string placement() const;
  /// Binds the calling thread (not a worker: the transport's, say) to the
  /// cores the workers are bound to, so that a node process sharing the
  /// machine with others keeps to its own cores even when that thread does
  /// the work. Nothing when workers are not pinned.
  void bindToWorkerCores();

  /// Runs until every fiber has finished (returns 0) or a deadlock or a
  /// stop request ends the run (returns the status given).
  int run(DeadlockHandler OnDeadlock);

  /// From inside a fiber: the current fiber and the scheduler running it.
  static Fiber *current();
  static Scheduler *instance();

  /// From inside a fiber: State must already be Parking (see above).
  void park();
  /// Any thread: makes a parked fiber runnable again.
  /// Handoff: F is woken for a message the running fiber just sent it,
  /// and will most often run next on this worker (findWork's grace).
  void wake(Fiber *F, bool Handoff = false);
  /// Ends the run early (an uncaught exception); safe from any fiber.
  void stop(int Status);

  /// Distributed runs: Poll is called by idle workers (and now and then by
  /// busy ones) to drive the network; AllAsleep when every worker is about
  /// to sleep, so another thread must watch the network.
  void setPoller(std::function<bool()> Poll, std::function<void()> AllAsleep) {
    this->Poll = std::move(Poll);
    this->AllAsleep = std::move(AllAsleep);
  }
  /// How long an idle worker of a node process polls the network before
  /// it sleeps (idle()): at least MinNetSpinUs, and set by the transport
  /// from the links' round trips before the workers start.
  static constexpr long MinNetSpinUs = 2000, MaxNetSpinUs = 100000;
  void setNetSpinUs(long Us) {
    NetSpinUs = std::clamp(Us, MinNetSpinUs, MaxNetSpinUs);
  }
  long netSpinUs() const { return NetSpinUs; }
  /// For ASPEN_STATS: how often an idle worker found its core wanted by
  /// other threads, and so looked for work only briefly before sleeping.
  uint64_t contendedIdles() const;
  /// Fibers run so far (summed over workers, each counting its own).
  uint64_t activity() const {
    uint64_t N = 0;
    for (auto &W : Workers)
      N += W->Runs.load(std::memory_order_relaxed);
    return N;
  }
  /// Whether any fiber is runnable.
  bool anyWork();
  bool allAsleep() const {
    return Sleepers.load(std::memory_order_acquire) == int(Workers.size());
  }

  /// A fiber waits for something outside the program (a timer, the
  /// network): while any does, idle workers sleep instead of reporting a
  /// deadlock. The waiting fiber itself counts down once it runs again.
  void beginExternalWait() {
    ExternalWaits.fetch_add(1, std::memory_order_seq_cst);
  }
  void endExternalWait() {
    ExternalWaits.fetch_sub(1, std::memory_order_seq_cst);
  }
  /// Whether some fiber waits for something outside the program.
  bool waitsOutside() const {
    return ExternalWaits.load(std::memory_order_seq_cst) != 0;
  }

  /// From inside a fiber: whether waiting a little before parking can pay
  /// off, i.e. another worker may be running the fiber we wait for, no
  /// fiber is queued on any worker (here it would run, elsewhere this
  /// worker could steal it), and no other thread wants this worker's core
  /// (idle()).
  bool maySpin() const;

private:
  struct Worker {
    WorkStealingDeque<Fiber *> Deque;
    unsigned Index = 0;
    uint64_t Rand = 0;
    unsigned SincePoll = 0;
    std::atomic<uint64_t> Runs{0}; // written by its worker only
    /// The time stamp counter when this worker last made a fiber runnable
    /// on its own deque (written by its worker only): see findWork.
    std::atomic<uint64_t> LastWake{0};
    /// Whether other threads want this worker's core (idle() spins only
    /// while they do not): the time its thread waited for the core, read
    /// from the kernel (SchedStat) now and then, and when to read it again.
    bool Contended = false;
    int SchedStat = -1;
    uint64_t RunDelayNs = 0, ContentionCheckNs = 0;
    uint64_t NextContentionCheck = 0;        // time stamp counter
    std::atomic<uint64_t> ContendedIdles{0}; // written by its worker only
  };

  void workerLoop(unsigned Index);
  /// Makes F runnable: on this worker's deque, or the inject queue from
  /// outside the workers.
  void enqueue(Fiber *F, bool Handoff = false);
  Fiber *findWork(Worker &W);
  void runFiber(Worker &W, Fiber *F);
  bool enterShared(SharedStack &H, Fiber *F);
  void leaveShared(Worker &W, SharedStack &H, Fiber *F, bool Done);
  void notify();
  void idle(Worker &W);
  bool contended(Worker &W, uint64_t Now);

  Options Opts;
  /// More workers than the hardware threads they may run on (ASPEN_WORKERS
  /// set above them): a worker that spins holds a thread another worker
  /// needs, so idle ones give it away instead.
  bool Oversubscribed = false;
  std::vector<std::unique_ptr<Worker>> Workers;
  std::vector<Fiber *> Initial;
  int64_t NumDaemons = 0;
  MPSCQueue<Fiber *> Inject{4096};     // wakes from non-worker threads
  std::atomic<bool> InjectBusy{false}; // its consumer, among the workers
  alignas(CacheLine) std::atomic<uint32_t> Epoch{0};
  alignas(CacheLine) std::atomic<int> Sleepers{0};
  alignas(CacheLine) std::atomic<int> Idle{0};
  alignas(CacheLine) std::atomic<int64_t> Live{0};
  std::atomic<int> ExternalWaits{0};
  std::atomic<bool> Stopping{false};
  std::atomic<int> Status{0};
  DeadlockHandler OnDeadlock;
  std::function<bool()> Poll;
  std::function<void()> AllAsleep;
  long NetSpinUs = MinNetSpinUs;
  std::unique_ptr<StackPool> Stacks;
  /// Fibers running on a stack of their own now.
  std::atomic<size_t> OwnStacksUsed{0};
  std::vector<std::unique_ptr<SharedStack>> Shared;
  std::atomic<size_t> NextShared{0};
  std::atomic<bool> DeadlockReported{false};
  void *Topology = nullptr; // hwloc_topology_t
};

} // namespace aspen::rt

#endif // ASPEN_RT_SCHED_SCHEDULER_H
