//===- wire.cpp - An Ethernet switch with shaped links, for netlab --------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// aspen-wire joins network namespaces as hosts on one switched Ethernet
// segment whose links have latency, jitter, a line rate and loss: what
// `tc qdisc ... netem` gives, for kernels built without it. In each
// namespace it creates a TAP device (`eth0` unless told otherwise); every
// frame a host sends is read here and written, after the link's delay, to
// the TAP device of the host it is addressed to (learned from source
// addresses, as a switch does; broadcast and unknown addresses go to all).
// The hosts' kernels run real TCP/IP over it, so retransmission, congestion
// control and flow control behave as between machines.
//
// The model of one frame from host A to host B, of S bytes at rate R:
//   - it leaves A's link when A's earlier frames have (S*8/R each), and
//     enters B's link when B's earlier frames have: each host's link has
//     the line rate both ways, as a full-duplex port of a switch;
//   - it is lost with probability P (each link independently);
//   - it arrives D after it has passed, plus a jitter drawn uniformly from
//     [-J, +J]; frames between two hosts never overtake each other
//     (netem reorders under jitter, real links do not);
//   - a link holds at most LIMIT frames waiting (netem's default, 1,000);
//     beyond that a frame is dropped, as by a switch's full buffer.
// `ip link set eth0 down` in a namespace cuts that host's link: frames to
// it are dropped. The TAP devices disappear when this process ends.
//
// One thread, epoll and a timerfd: the time it adds to a frame is its
// scheduling delay (a few microseconds, shown by --stats) on top of D.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <initializer_list>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <sched.h>
#include <string>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include <vector>

namespace {

struct Frame {
  int64_t Due = 0; // ns, CLOCK_MONOTONIC
  std::vector<unsigned char> Bytes;
};

struct Port {
  std::string Ns;
  int Fd = -1;
  int64_t TxFree = 0; // when the host's link has sent what it was given
  int64_t RxFree = 0; // when the link to the host is free again
  int64_t LastDue = 0;
  std::deque<Frame> Out; // to this host, in order of Due
  uint64_t Sent = 0, Lost = 0, Full = 0, Down = 0;
};

struct Options {
  int64_t Delay = 0, Jitter = 0; // ns
  double Rate = 0;               // bit/s, 0 = unlimited
  double Loss = 0;               // 0..1
  size_t Limit = 1000;
  uint64_t Seed = 1;
  std::string Ifname = "eth0";
  bool Stats = false;
};

Options Opt;
std::vector<Port> Ports;
std::vector<std::pair<uint64_t, int>> Macs; // learned: address -> port
std::vector<std::vector<unsigned char>> FreeBuffers;
volatile sig_atomic_t Stopping = 0;
uint64_t Rng;
int64_t LateSum = 0, LateMax = 0, LateCount = 0;
/// The most a frame's delivery is waited for by spinning.
constexpr int64_t MaxLead = 60000;

[[noreturn]] void die(const char *What, const std::string &Detail) {
  std::fprintf(stderr, "aspen-wire: error: %s%s%s\n", What,
               Detail.empty() ? "" : ": ", Detail.c_str());
  std::exit(1);
}

int64_t now() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return int64_t(T.tv_sec) * 1000000000 + T.tv_nsec;
}

uint64_t nextRandom() { // xorshift64*
  Rng ^= Rng >> 12;
  Rng ^= Rng << 25;
  Rng ^= Rng >> 27;
  return Rng * 2685821657736338717ull;
}

double uniform() { return double(nextRandom() >> 11) * 0x1.0p-53; }

struct Unit {
  const char *Name;
  double Scale;
};

/// A number and one of Units ("100us", "1.5ms"; "0" alone), scaled.
double parseScaled(const std::string &S, std::initializer_list<Unit> Units,
                   const char *What) {
  char *End = nullptr;
  double V = std::strtod(S.c_str(), &End);
  std::string U = End ? End : "";
  double Scale = U.empty() && V == 0 ? 0 : -1;
  for (const Unit &X : Units)
    if (U == X.Name)
      Scale = X.Scale;
  if (End == S.c_str() || Scale < 0 || V < 0)
    die(What, S);
  return V * Scale;
}

/// "100us", "1.5ms", "2s", "250ns", "0": nanoseconds.
int64_t parseTime(const std::string &S) {
  return int64_t(parseScaled(S,
                             {{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}},
                             "not a time (write e.g. 100us, 1ms)"));
}

/// "1gbit", "10gbit", "100mbit", "500kbit"; 0 for unlimited.
double parseRate(const std::string &S) {
  return parseScaled(S,
                     {{"gbit", 1e9}, {"mbit", 1e6}, {"kbit", 1e3}, {"bit", 1}},
                     "not a rate (write e.g. 1gbit, 100mbit)");
}

/// "1%", "0.5%", "0.01".
double parseLoss(const std::string &S) {
  char *End = nullptr;
  double V = std::strtod(S.c_str(), &End);
  if (End == S.c_str())
    die("not a loss (write e.g. 1%)", S);
  if (*End == '%')
    V /= 100, ++End;
  if (*End || V < 0 || V >= 1)
    die("not a loss between 0 and 100%", S);
  return V;
}

/// Enters namespace Ns (a name under /run/netns) and makes the TAP device
/// there; the descriptor stays valid after returning to our namespace.
int makeTap(const std::string &Ns, int Home) {
  std::string Path = "/run/netns/" + Ns;
  int NsFd = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (NsFd < 0)
    die("no network namespace", Path + " (" + std::strerror(errno) + ")");
  if (setns(NsFd, CLONE_NEWNET) != 0)
    die("cannot enter namespace", Ns + ": " + std::strerror(errno));
  close(NsFd);
  int Fd = open("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0)
    die("cannot open /dev/net/tun", std::strerror(errno));
  ifreq Req;
  std::memset(&Req, 0, sizeof Req);
  Req.ifr_flags = IFF_TAP | IFF_NO_PI;
  std::strncpy(Req.ifr_name, Opt.Ifname.c_str(), IFNAMSIZ - 1);
  if (ioctl(Fd, TUNSETIFF, &Req) != 0)
    die("cannot make a TAP device", Ns + ": " + std::strerror(errno));
  if (setns(Home, CLONE_NEWNET) != 0)
    die("cannot return to the first namespace", std::strerror(errno));
  return Fd;
}

uint64_t macAt(const unsigned char *P) {
  uint64_t M = 0;
  for (int I = 0; I < 6; ++I)
    M = M << 8 | P[I];
  return M;
}

int portOf(uint64_t Mac) {
  for (auto &[M, P] : Macs)
    if (M == Mac)
      return P;
  return -1;
}

void learn(uint64_t Mac, int P) {
  for (auto &[M, Q] : Macs)
    if (M == Mac) {
      Q = P;
      return;
    }
  Macs.push_back({Mac, P});
}

std::vector<unsigned char> takeBuffer() {
  if (FreeBuffers.empty())
    return {};
  auto B = std::move(FreeBuffers.back());
  FreeBuffers.pop_back();
  return B;
}

/// A frame from host From, of N bytes, towards host To.
void schedule(int From, int To, const unsigned char *Bytes, size_t N,
              int64_t Now) {
  Port &Src = Ports[From], &Dst = Ports[To];
  if (Opt.Loss > 0 && uniform() < Opt.Loss) {
    ++Dst.Lost;
    return;
  }
  if (Dst.Out.size() >= Opt.Limit) {
    ++Dst.Full;
    return;
  }
  int64_t Ser = Opt.Rate > 0 ? int64_t(double(N) * 8e9 / Opt.Rate) : 0;
  // The sender's link: frames to several hosts share it.
  int64_t Left = std::max(Now, Src.TxFree) + Ser;
  Src.TxFree = Left;
  int64_t In = std::max(Left, Dst.RxFree) + Ser;
  Dst.RxFree = In;
  int64_t J =
      Opt.Jitter ? int64_t((2 * uniform() - 1) * double(Opt.Jitter)) : 0;
  int64_t Due = std::max(In + Opt.Delay + J, Dst.LastDue);
  Dst.LastDue = Due;
  Frame F;
  F.Due = Due;
  F.Bytes = takeBuffer();
  F.Bytes.assign(Bytes, Bytes + N);
  Dst.Out.push_back(std::move(F));
}

void receive(int From, int64_t Now) {
  static unsigned char Buf[65536 + 64];
  for (int Batch = 0; Batch < 256; ++Batch) {
    ssize_t N = read(Ports[From].Fd, Buf, sizeof Buf);
    if (N < 0) {
      if (errno == EAGAIN || errno == EINTR)
        return;
      die("cannot read a frame", Ports[From].Ns + ": " + std::strerror(errno));
    }
    if (N < 14)
      continue;
    learn(macAt(Buf + 6), From);
    int To = (Buf[0] & 1) ? -1 : portOf(macAt(Buf));
    if (To == From)
      continue;
    if (To >= 0) {
      schedule(From, To, Buf, size_t(N), Now);
      continue;
    }
    for (size_t P = 0; P < Ports.size(); ++P)
      if (int(P) != From)
        schedule(From, int(P), Buf, size_t(N), Now);
  }
}

/// Writes every frame that is due; returns the next time one will be.
int64_t deliver(int64_t Now) {
  int64_t Next = INT64_MAX;
  for (Port &P : Ports) {
    while (!P.Out.empty() && P.Out.front().Due <= Now) {
      Frame &F = P.Out.front();
      int64_t Late = Now - F.Due;
      LateSum += Late;
      LateMax = std::max(LateMax, Late);
      ++LateCount;
      if (write(P.Fd, F.Bytes.data(), F.Bytes.size()) < 0)
        ++P.Down; // the host's link is down, or its queue full: lost
      else
        ++P.Sent;
      if (FreeBuffers.size() < 4096)
        FreeBuffers.push_back(std::move(F.Bytes));
      P.Out.pop_front();
    }
    if (!P.Out.empty())
      Next = std::min(Next, P.Out.front().Due);
  }
  return Next;
}

void usage() {
  std::fprintf(
      stderr,
      "usage: aspen-wire [--delay T] [--jitter T] [--rate R] [--loss P]\n"
      "                  [--limit FRAMES] [--seed N] [--ifname NAME] "
      "[--stats]\n"
      "                  NAMESPACE...\n"
      "Makes a TAP device in each network namespace (/run/netns/NAME) and\n"
      "switches frames between them with the link's delay (one way),\n"
      "jitter, rate (per host, each way) and loss. Prints 'ready' when the\n"
      "devices exist; runs until SIGTERM or SIGINT.\n");
  std::exit(2);
}

void onStop(int) { Stopping = 1; }

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Names;
  for (int A = 1; A < Argc; ++A) {
    std::string S = Argv[A];
    auto Value = [&]() -> std::string {
      if (A + 1 >= Argc)
        usage();
      return Argv[++A];
    };
    if (S == "--delay")
      Opt.Delay = parseTime(Value());
    else if (S == "--jitter")
      Opt.Jitter = parseTime(Value());
    else if (S == "--rate")
      Opt.Rate = parseRate(Value());
    else if (S == "--loss")
      Opt.Loss = parseLoss(Value());
    else if (S == "--limit")
      Opt.Limit = std::strtoul(Value().c_str(), nullptr, 10);
    else if (S == "--seed")
      Opt.Seed = std::strtoull(Value().c_str(), nullptr, 10);
    else if (S == "--ifname")
      Opt.Ifname = Value();
    else if (S == "--stats")
      Opt.Stats = true;
    else if (S.rfind("--", 0) == 0)
      usage();
    else
      Names.push_back(S);
  }
  if (Names.size() < 2 || Opt.Limit == 0)
    usage();
  if (Opt.Jitter > Opt.Delay)
    die("the jitter may not exceed the delay", "");
  Rng = Opt.Seed * 0x9E3779B97F4A7C15ull | 1;
  // Timers as precise as the kernel gives: the default slack is 50 us.
  prctl(PR_SET_TIMERSLACK, 1UL);
  // A real-time thread, as a NIC is hardware: the hosts' processes share
  // this machine's cores with the switch, and one that spins waiting for a
  // frame must not keep the switch from delivering it (on 2 cores, two
  // spinning nodes held a 100 us link's round trip at 2.5 ms). The kernel
  // keeps 5 % of each second for others (sched_rt_runtime_us).
  sched_param Rt{};
  Rt.sched_priority = 10;
  if (sched_setscheduler(0, SCHED_FIFO, &Rt) != 0 && Opt.Stats)
    std::fprintf(stderr,
                 "aspen-wire: not real-time (%s): frames may be "
                 "late when the hosts keep every core busy\n",
                 std::strerror(errno));

  int Home = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
  if (Home < 0)
    die("cannot open /proc/self/ns/net", std::strerror(errno));
  for (const std::string &N : Names) {
    Port P;
    P.Ns = N;
    P.Fd = makeTap(N, Home);
    Ports.push_back(std::move(P));
  }
  close(Home);

  int Ep = epoll_create1(EPOLL_CLOEXEC);
  int Timer = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
  if (Ep < 0 || Timer < 0)
    die("cannot make epoll or timerfd", std::strerror(errno));
  for (size_t P = 0; P < Ports.size(); ++P) {
    epoll_event E{};
    E.events = EPOLLIN;
    E.data.u32 = uint32_t(P);
    epoll_ctl(Ep, EPOLL_CTL_ADD, Ports[P].Fd, &E);
  }
  epoll_event E{};
  E.events = EPOLLIN;
  E.data.u32 = UINT32_MAX;
  epoll_ctl(Ep, EPOLL_CTL_ADD, Timer, &E);

  struct sigaction Sa {};
  Sa.sa_handler = onStop;
  sigaction(SIGTERM, &Sa, nullptr);
  sigaction(SIGINT, &Sa, nullptr);
  std::printf("ready\n");
  std::fflush(stdout);

  // A timer fires some microseconds late here (a VM's, tens): it is armed
  // that much early (Lead, learned), and the last stretch is spun, so that
  // frames leave on time without spinning through the whole delay.
  int64_t Armed = INT64_MAX, ArmedFor = 0, Lead = 0;
  std::vector<epoll_event> Events(Ports.size() + 1);
  while (!Stopping) {
    int N = epoll_wait(Ep, Events.data(), int(Events.size()), -1);
    if (N < 0 && errno != EINTR)
      die("epoll_wait", std::strerror(errno));
    int64_t T = now();
    for (int I = 0; I < N; ++I) {
      if (Events[I].data.u32 == UINT32_MAX) {
        uint64_t Expired;
        (void)!read(Timer, &Expired, sizeof Expired);
        int64_t Late = T - Armed;
        Lead = std::clamp(Lead + (Late - Lead) / 8, int64_t(0), MaxLead);
        Armed = INT64_MAX;
        continue;
      }
      receive(int(Events[I].data.u32), T);
    }
    int64_t Next = deliver(now());
    // Due within the lead: wait here, taking frames that arrive meanwhile.
    while (Next != INT64_MAX && Next - now() <= Lead && !Stopping) {
      for (size_t P = 0; P < Ports.size(); ++P)
        receive(int(P), now());
      Next = deliver(now());
    }
    int64_t At = Next == INT64_MAX ? INT64_MAX : Next - Lead;
    if (At != Armed || Next != ArmedFor) {
      itimerspec When{};
      if (At != INT64_MAX) {
        When.it_value.tv_sec = At / 1000000000;
        When.it_value.tv_nsec = At % 1000000000;
      }
      timerfd_settime(Timer, TFD_TIMER_ABSTIME, &When, nullptr);
      Armed = At;
      ArmedFor = Next;
    }
  }
  if (Opt.Stats) {
    for (const Port &P : Ports)
      std::fprintf(stderr,
                   "aspen-wire: %s: %llu frames delivered, %llu lost "
                   "(loss), %llu dropped (queue full), %llu dropped (link "
                   "down)\n",
                   P.Ns.c_str(), (unsigned long long)P.Sent,
                   (unsigned long long)P.Lost, (unsigned long long)P.Full,
                   (unsigned long long)P.Down);
    std::fprintf(stderr,
                 "aspen-wire: frames delivered %.1f us late on average, "
                 "%.1f us at most\n",
                 LateCount ? double(LateSum) / double(LateCount) / 1e3 : 0.0,
                 double(LateMax) / 1e3);
  }
  return 0;
}
