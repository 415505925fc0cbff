//===- Launcher.cpp - One process per hostfile node -----------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A program placed on several nodes and started without a node index
// becomes the launcher of its job:
//
//  - it draws a random job secret, and for each node on this machine binds
//    the node's listening socket itself (port 0 when the hostfile gives
//    none), so concurrent jobs never collide and every node knows every
//    address before any starts;
//  - it starts the other machines' nodes with `ssh host` (same path, same
//    directory), and then this machine's with fork/exec of the same
//    executable, passing ASPEN_NODE, ASPEN_JOB_SECRET, ASPEN_PEERS and
//    ASPEN_LISTEN_FD. A remote node whose hostfile line gives no port
//    listens on one its host chooses and tells it on its standard output;
//    once every such node has, the launcher sends them all the addresses
//    on their standard input and starts this machine's (PortExchange.cpp);
//  - it relays each node's output line by line, prefixed `[node] `;
//  - it reaps every node; once one fails, the others have 5 s to stop by
//    themselves (they notice through the transport) before it kills them.
//
// The job's exit status is the first failure's: 0 if every node succeeded,
// else the first non-zero status other than 5 (a node stopped because
// another failed), else 5.
//
//===----------------------------------------------------------------------===//

#include "launch/Launcher.h"
#include "aspen/abi/Hostfile.h"
#include "sched/Scheduler.h"
#include "support/Support.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <string_view>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace aspen::rt;
using namespace aspen::rt::launch;

namespace {

volatile sig_atomic_t Interrupted = 0;
void onSignal(int Sig) { Interrupted = Sig; }
/// SIGUSR1 asks every node for its dump (ASPEN_DUMP's file, else standard
/// error); it never stops the job.
volatile sig_atomic_t DumpAsked = 0;
void onDumpSignal(int) { DumpAsked = 1; }

/// One node's standard output or error, relayed line by line with the
/// node's name in front: each complete line is written at once, byte for
/// byte (NULs included), so lines of different nodes do not mix. What is
/// held of an unfinished line is bounded: past MaxHeld bytes it is written
/// out as it stands and the rest of that line follows unprefixed, so a
/// node that prints a gigabyte without a newline costs the launcher
/// MaxHeld bytes and time linear in what it printed.
class LineRelay {
public:
  static constexpr size_t MaxHeld = 64 * 1024;

  LineRelay(FILE *To) : To(To) {}
  void setPrefix(std::string P) { Prefix = std::move(P); }
  /// Whole lines (newline included) are shown to Take first, which keeps
  /// those it returns true for (the launcher's own, from a node).
  void intercept(std::function<bool(std::string_view)> Take) {
    this->Take = std::move(Take);
  }

  void feed(const char *Data, size_t Size) {
    while (Size) {
      const char *NL = static_cast<const char *>(std::memchr(Data, '\n', Size));
      size_t Len = NL ? size_t(NL - Data) + 1 : Size;
      if (NL) {
        // The end of a line: what is held of it, then this.
        writeLine(Data, Len);
      } else if (Held.size() + Len > MaxHeld) {
        start();
        std::fwrite(Held.data(), 1, Held.size(), To);
        std::fwrite(Data, 1, Len, To);
        Held.clear();
        MidLine = true;
      } else {
        Held.append(Data, Len);
      }
      Data += Len;
      Size -= Len;
    }
    std::fflush(To);
  }

  /// The stream has ended: an unfinished last line gets its newline.
  void finish() {
    if (!Held.empty() || MidLine) {
      const char NL = '\n';
      writeLine(&NL, 1);
    }
    std::fflush(To);
  }

private:
  void start() {
    if (!MidLine)
      std::fwrite(Prefix.data(), 1, Prefix.size(), To);
  }
  void writeLine(const char *Tail, size_t Len) {
    if (Take && !MidLine) {
      std::string Line = Held + std::string(Tail, Len);
      if (Take(Line)) {
        Held.clear();
        return;
      }
    }
    start();
    std::fwrite(Held.data(), 1, Held.size(), To);
    std::fwrite(Tail, 1, Len, To);
    Held.clear();
    MidLine = false;
  }

  FILE *To;
  std::function<bool(std::string_view)> Take;
  std::string Prefix;
  std::string Held;     // the unfinished line's bytes, at most MaxHeld
  bool MidLine = false; // part of this line was written already
};

struct Child {
  std::string Name;
  pid_t Pid = -1;
  int Out = -1, Err = -1;
  LineRelay OutRelay{stdout}, ErrRelay{stderr};
  bool Exited = false;
  int Status = 0;
  bool SaidSomething = false; // wrote to standard error
  bool Remote = false;        // started with ssh
  int Link = -1; // remote: its ssh's standard input (ASPEN_LAUNCHER_STDIN)
                 // "U": SIGUSR1, "T": SIGTERM, its end: the launcher gave up
  bool AwaitPort = false; // remote, listening on a port it chooses: not
                          // told yet (exchangePorts)
};

bool sameAddress(const sockaddr *A, const sockaddr *B) {
  if (A->sa_family != B->sa_family)
    return false;
  if (A->sa_family == AF_INET)
    return reinterpret_cast<const sockaddr_in *>(A)->sin_addr.s_addr ==
           reinterpret_cast<const sockaddr_in *>(B)->sin_addr.s_addr;
  if (A->sa_family == AF_INET6)
    return std::memcmp(&reinterpret_cast<const sockaddr_in6 *>(A)->sin6_addr,
                       &reinterpret_cast<const sockaddr_in6 *>(B)->sin6_addr,
                       16) == 0;
  return false;
}

/// Loopback addresses, and those of this machine's interfaces.
bool isThisMachine(const sockaddr *A) {
  if (A->sa_family == AF_INET &&
      (ntohl(reinterpret_cast<const sockaddr_in *>(A)->sin_addr.s_addr) >>
       24) == 127)
    return true;
  ifaddrs *List = nullptr;
  if (getifaddrs(&List) != 0)
    return false;
  bool Found = false;
  for (ifaddrs *I = List; I && !Found; I = I->ifa_next)
    Found = I->ifa_addr && sameAddress(I->ifa_addr, A);
  freeifaddrs(List);
  return Found;
}

/// The first address of Host, or false.
bool resolve(const std::string &Host, sockaddr_storage &SA, socklen_t &Len,
             int *Error = nullptr) {
  addrinfo Hints{}, *Res = nullptr;
  Hints.ai_socktype = SOCK_STREAM;
  if (int E = getaddrinfo(Host.c_str(), nullptr, &Hints, &Res)) {
    if (Error)
      *Error = E;
    return false;
  }
  SA = {};
  std::memcpy(&SA, Res->ai_addr, Res->ai_addrlen);
  Len = Res->ai_addrlen;
  freeaddrinfo(Res);
  return true;
}

std::string numericHost(const sockaddr *A, socklen_t Len) {
  char Host[NI_MAXHOST];
  if (getnameinfo(A, Len, Host, sizeof Host, nullptr, 0, NI_NUMERICHOST))
    return "";
  return Host;
}

std::string shellQuote(const std::string &S) {
  std::string Q = "'";
  for (char C : S)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

} // namespace

int aspen::rt::launch::listenOn(const std::string &Host, uint16_t Port,
                                uint16_t &Bound, std::string &Why) {
  sockaddr_storage SA;
  socklen_t Len;
  int E = 0;
  if (!resolve(Host, SA, Len, &E)) {
    Why = gai_strerror(E);
    return -1;
  }
  auto *SP = reinterpret_cast<sockaddr_in *>(&SA);
  auto *SP6 = reinterpret_cast<sockaddr_in6 *>(&SA);
  (SA.ss_family == AF_INET6 ? SP6->sin6_port : SP->sin_port) = htons(Port);
  int Fd = socket(SA.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int One = 1;
  if (Fd >= 0)
    setsockopt(Fd, SOL_SOCKET, SO_REUSEADDR, &One, sizeof One);
  if (Fd < 0 || bind(Fd, reinterpret_cast<sockaddr *>(&SA), Len) != 0 ||
      listen(Fd, 128) != 0) {
    Why = std::strerror(errno);
    if (Fd >= 0)
      close(Fd);
    return -1;
  }
  getsockname(Fd, reinterpret_cast<sockaddr *>(&SA), &Len);
  Bound = ntohs(SA.ss_family == AF_INET6 ? SP6->sin6_port : SP->sin_port);
  return Fd;
}

CoreShare aspen::rt::launch::shareCores(unsigned Index, unsigned Count,
                                        unsigned Cores) {
  CoreShare S;
  Count = std::max(1u, Count);
  S.Workers = std::max(1u, Cores / Count);
  S.Pin = Count <= Cores;
  S.FirstCore = S.Pin ? Index * S.Workers : 0;
  return S;
}

bool aspen::rt::launch::localNodes(const std::vector<NodeInfo> &Nodes,
                                   uint32_t Self, unsigned &Index,
                                   unsigned &Count) {
  Index = Count = 0;
  for (size_t K = 0; K < Nodes.size(); ++K) {
    sockaddr_storage SA;
    socklen_t Len;
    if (!resolve(Nodes[K].Host, SA, Len))
      return false;
    if (!isThisMachine(reinterpret_cast<sockaddr *>(&SA)))
      continue;
    if (K < Self)
      ++Index;
    ++Count;
  }
  return true;
}

namespace {

/// The job as the launcher sets it up: where every node listens, and the
/// listening sockets of this machine's nodes, bound before any starts.
struct Job {
  std::vector<std::string> Addr;
  std::vector<uint16_t> Port;
  std::vector<int> ListenFd;
  std::vector<bool> Here;
  unsigned LocalCount = 0;
  std::string Peers; // ASPEN_PEERS: host:port,...
  char Secret[33];   // ASPEN_JOB_SECRET
  std::string Exe, Cwd;
  unsigned Cores = 1;
  /// Remote nodes that choose their port and have not told it yet; the
  /// local nodes start once none is left (exchangePorts).
  unsigned Pending = 0;
};

/// ASPEN_PEERS from the addresses and ports known.
void makePeers(Job &J) {
  J.Peers.clear();
  for (size_t K = 0; K < J.Addr.size(); ++K)
    J.Peers += (K ? "," : "") +
               (J.Addr[K].find(':') != std::string::npos ? "[" + J.Addr[K] + "]"
                                                         : J.Addr[K]) +
               ":" + std::to_string(J.Port[K]);
}

/// Resolves every node and binds the listening sockets of this machine's
/// (port 0 when the hostfile gives none), so concurrent jobs never collide.
bool resolveAndBind(const std::vector<NodeInfo> &Nodes, Job &J) {
  size_t N = Nodes.size();
  J.Addr.assign(N, "");
  J.Port.assign(N, 0);
  J.ListenFd.assign(N, -1);
  J.Here.assign(N, false);
  for (size_t K = 0; K < N; ++K) {
    sockaddr_storage SA;
    socklen_t Len;
    int E = 0;
    if (!resolve(Nodes[K].Host, SA, Len, &E)) {
      std::fprintf(stderr, "aspen: error: %s%scannot resolve node '%s': %s\n",
                   Nodes[K].Where.c_str(), Nodes[K].Where.empty() ? "" : ": ",
                   Nodes[K].Name.c_str(), gai_strerror(E));
      return false;
    }
    J.Addr[K] = numericHost(reinterpret_cast<sockaddr *>(&SA), Len);
    J.Here[K] = isThisMachine(reinterpret_cast<sockaddr *>(&SA));
    J.Port[K] = Nodes[K].Port;
    if (!J.Here[K]) {
      // Port 0: the node listens on a port its host's kernel chooses, and
      // tells (exchangePorts), so that nodes sharing a host, or jobs of
      // several users, never collide on a fixed port.
      J.Pending += J.Port[K] == 0;
      continue;
    }
    ++J.LocalCount;
    std::string Why;
    int Fd = listenOn(J.Addr[K], J.Port[K], J.Port[K], Why);
    if (Fd < 0) {
      std::fprintf(stderr,
                   "aspen: error: cannot listen on %s:%u for node '%s': %s\n",
                   J.Addr[K].c_str(), unsigned(J.Port[K]),
                   Nodes[K].Name.c_str(), Why.c_str());
      return false;
    }
    J.ListenFd[K] = Fd;
  }
  makePeers(J);
  return true;
}

/// The job secret, this executable and directory (what the nodes run),
/// and this process's cores (its children inherit the binding): all of
/// the machine, or what taskset or a cluster launcher left it.
bool prepareJob(Job &J) {
  unsigned char Raw[16];
  if (getrandom(Raw, sizeof Raw, 0) != sizeof Raw) {
    std::fprintf(stderr, "aspen: error: no random bytes for the job secret\n");
    return false;
  }
  for (int K = 0; K < 16; ++K)
    std::snprintf(J.Secret + 2 * K, 3, "%02x", Raw[K]);
  J.Cores = cpuBinding().Cores;
  char Exe[4096];
  ssize_t ExeLen = readlink("/proc/self/exe", Exe, sizeof Exe - 1);
  if (ExeLen <= 0) {
    std::fprintf(stderr, "aspen: error: cannot find this executable\n");
    return false;
  }
  J.Exe.assign(Exe, size_t(ExeLen));
  char Cwd[4096];
  J.Cwd = getcwd(Cwd, sizeof Cwd) ? Cwd : "";
  return true;
}

/// In the child: becomes node K of this machine, the LocalIndex-th here.
[[noreturn]] void execLocal(const Job &J, const NodeInfo &N, size_t K,
                            unsigned LocalIndex, char **Argv) {
  std::string Node = std::to_string(K);
  setenv(info(Setting::NODE).Name, Node.c_str(), 1);
  setenv(info(Setting::JOB_SECRET).Name, J.Secret, 1);
  setenv(info(Setting::PEERS).Name, J.Peers.c_str(), 1);
  int Fd = dup(J.ListenFd[K]); // without close-on-exec
  setenv(info(Setting::LISTEN_FD).Name, std::to_string(Fd).c_str(), 1);
  CoreShare Share = shareCores(LocalIndex, J.LocalCount, J.Cores);
  setenv(info(Setting::WORKERS).Name, std::to_string(Share.Workers).c_str(), 0);
  if (!Share.Pin)
    setenv(info(Setting::PIN).Name, "0", 0);
  else
    setenv(info(Setting::FIRST_CORE).Name,
           std::to_string(Share.FirstCore).c_str(), 0);
  execv(J.Exe.c_str(), Argv);
  std::fprintf(stderr, "aspen: error: cannot start node '%s': %s\n",
               N.Name.c_str(), std::strerror(errno));
  _exit(127);
}

/// What a node started through ssh is given on its command line, as
/// `NAME='value' ...`.
std::string remoteSettings() {
  // ssh passes no environment on: the ASPEN_* settings given here, and the
  // variables ASPEN_FORWARD_ENV names, go on the command line (none of
  // them is secret), so every node runs as this one would, as `mpirun -x`
  // does for the variables it is told of.
  std::string_view Forward = settingText(Setting::FORWARD_ENV)
                                 ? settingText(Setting::FORWARD_ENV)
                                 : "";
  auto Forwarded = [&](std::string_view Name) {
    for (std::string_view L = Forward; !L.empty();) {
      size_t Comma = L.find(',');
      std::string_view Item = L.substr(0, Comma);
      L = Comma == std::string_view::npos ? std::string_view()
                                          : L.substr(Comma + 1);
      if (!Item.empty() && Item.back() == '*'
              ? Name.rfind(Item.substr(0, Item.size() - 1), 0) == 0
              : Item == Name)
        return true;
    }
    return false;
  };
  std::string Settings;
  for (char **E = environ; *E; ++E) {
    std::string_view V(*E);
    size_t Eq = V.find('=');
    if (Eq == std::string_view::npos || Eq == 0)
      continue;
    std::string_view Name = V.substr(0, Eq);
    if (Name == info(Setting::NODE).Name || Name == info(Setting::PEERS).Name ||
        Name == info(Setting::JOB_SECRET).Name ||
        Name == info(Setting::LISTEN_FD).Name ||
        Name == info(Setting::LAUNCHER_STDIN).Name ||
        (Name.rfind("ASPEN_", 0) != 0 && !Forwarded(Name)) ||
        Name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "abcdefghijklmnopqrstuvwxyz0123456789_") !=
            std::string_view::npos ||
        (Name[0] >= '0' && Name[0] <= '9'))
      continue;
    Settings += std::string(Name) + "=" +
                shellQuote(std::string(V.substr(Eq + 1))) + " ";
  }
  return Settings;
}

/// In the child: starts node K on another machine with ssh (same path,
/// same directory).
[[noreturn]] void execRemote(const Job &J, const NodeInfo &Node, size_t K,
                             int Argc, char **Argv) {
  // The secret comes on ssh's standard input, which the remote shell reads
  // first: on the command line it would be in /proc/PID/cmdline of ssh
  // here and of the shell there, readable by every user of either machine.
  std::string Settings = remoteSettings();
  std::string Cmd = "cd " + shellQuote(J.Cwd) +
                    " && IFS= read -r ASPEN_JOB_SECRET && export "
                    "ASPEN_JOB_SECRET && " +
                    Settings + info(Setting::LAUNCHER_STDIN).Name +
                    "=1 ASPEN_NODE=" + std::to_string(K) +
                    " ASPEN_PEERS=" + shellQuote(J.Peers) + " " +
                    shellQuote(J.Exe);
  for (int A = 1; A < Argc; ++A)
    Cmd += " " + shellQuote(Argv[A]);
  // Not exec: ssh reports a remote death by signal as its own failure
  // (255); the shell's 128 + N comes back as the status (childExited).
  Cmd += "; exit $?";
  // ASPEN_SSH, split at blanks: the ssh to use and its options.
  std::vector<std::string> Words;
  const char *Ssh = settingText(Setting::SSH);
  for (const char *P = Ssh ? Ssh : "ssh"; *P;) {
    while (*P == ' ' || *P == '\t')
      ++P;
    const char *B = P;
    while (*P && *P != ' ' && *P != '\t')
      ++P;
    if (P != B)
      Words.emplace_back(B, P);
  }
  if (Words.empty())
    Words.push_back("ssh");
  for (const char *W : {"-o", "BatchMode=yes", Node.Host.c_str(), Cmd.c_str()})
    Words.emplace_back(W);
  std::vector<char *> Args;
  for (std::string &W : Words)
    Args.push_back(W.data());
  Args.push_back(nullptr);
  execvp(Args[0], Args.data());
  std::fprintf(stderr, "aspen: error: cannot start node '%s': %s\n",
               Node.Name.c_str(), std::strerror(errno));
  _exit(127);
}

/// One process per node of this machine (Local) or of others, its
/// standard output and error on pipes. Kids holds one Child per node, made
/// by startNodes: those not started yet count as exited.
bool startChildren(const std::vector<NodeInfo> &Nodes, const Job &J, int Argc,
                   char **Argv, std::vector<Child> &Kids, bool Local) {
  unsigned LocalIndex = 0;
  for (size_t K = 0; K < Nodes.size(); ++K) {
    if (J.Here[K] != Local)
      continue;
    Child &C = Kids[K];
    C.Exited = false;
    int Out[2], Err[2], In[2] = {-1, -1};
    if (pipe2(Out, O_CLOEXEC) || pipe2(Err, O_CLOEXEC) ||
        (!J.Here[K] && pipe2(In, O_CLOEXEC))) {
      std::perror("aspen: error: pipe");
      return false;
    }
    pid_t Pid = fork();
    if (Pid == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL); // no orphans if the launcher dies
      dup2(Out[1], 1);
      dup2(Err[1], 2);
      if (In[0] >= 0)
        dup2(In[0], 0);
      if (J.Here[K])
        execLocal(J, Nodes[K], K, LocalIndex, Argv);
      execRemote(J, Nodes[K], K, Argc, Argv);
    }
    close(Out[1]);
    close(Err[1]);
    if (In[0] >= 0) {
      // 33 bytes into an empty pipe: written at once, whatever the child
      // does. The pipe stays open: through ssh it is the remote node's
      // standard input, whose end tells it to stop (ASPEN_LAUNCHER_STDIN),
      // when this process ends or kills the ssh.
      close(In[0]);
      std::string Line = std::string(J.Secret) + "\n";
      (void)!write(In[1], Line.data(), Line.size());
      C.Link = In[1];
    }
    if (J.Here[K])
      ++LocalIndex;
    if (Pid < 0) {
      std::perror("aspen: error: fork");
      return false;
    }
    C.Pid = Pid;
    C.Out = Out[0];
    C.Err = Err[0];
    C.Remote = !J.Here[K];
    C.AwaitPort = C.Remote && J.Port[K] == 0;
  }
  if (Local)
    for (int Fd : J.ListenFd)
      if (Fd >= 0)
        close(Fd);
  return true;
}

/// The line a node that chose its port writes first on its standard output
/// (exchangePorts), and the one it is answered with on its standard input.
constexpr std::string_view PortLine = "\x01"
                                      "aspen-port ";
constexpr char PeersLine = 'P';

/// The launcher's side of exchangePorts: takes node K's port line, and once
/// every remote node has told its port, sends them all the peers' addresses
/// and starts this machine's nodes.
bool portTold(std::string_view Line, size_t K, Job &J, Child &C) {
  if (!C.AwaitPort || Line.substr(0, PortLine.size()) != PortLine)
    return false;
  unsigned long Port = std::strtoul(
      std::string(Line.substr(PortLine.size())).c_str(), nullptr, 10);
  if (Port == 0 || Port > 65535)
    return false;
  C.AwaitPort = false;
  J.Port[K] = uint16_t(Port);
  --J.Pending;
  return true;
}

void sendPeers(const std::vector<NodeInfo> &Nodes, Job &J,
               std::vector<Child> &Kids) {
  makePeers(J);
  std::string Line = PeersLine + J.Peers + "\n";
  // Every remote node: those with a port of their own were started with
  // the others' unknown too, and wait for the list as well.
  for (Child &C : Kids)
    if (C.Remote && !C.Exited && C.Link >= 0)
      (void)!write(C.Link, Line.data(), Line.size());
}

/// The launcher's watch over its nodes: what has failed, and since when.
struct Watch {
  int Final = 0;
  bool AnyFailed = false;
  std::chrono::steady_clock::time_point FailedAt =
      std::chrono::steady_clock::time_point::max();
  bool Killed = false;
  size_t Running = 0;
  int Forwarded = 0;
  void failed() {
    if (!AnyFailed) {
      AnyFailed = true;
      FailedAt = std::chrono::steady_clock::now();
    }
  }
};

/// An interrupt is passed on to every node; once one has failed, the
/// others have 5 s to stop by themselves (they notice through the
/// transport) before they are killed.
void forwardAndEnforce(std::vector<Child> &Kids, Watch &W) {
  if (DumpAsked) {
    DumpAsked = 0;
    for (Child &C : Kids) {
      if (C.Exited)
        continue;
      // ssh would die of the signal, not pass it on: a node started
      // through it is asked on its link (watchLauncherLink in Run.cpp).
      if (C.Remote)
        (void)!write(C.Link, "U", 1);
      else
        kill(C.Pid, SIGUSR1);
    }
  }
  if (Interrupted && Interrupted != W.Forwarded) {
    W.Forwarded = Interrupted;
    for (Child &C : Kids)
      if (!C.Exited && C.Remote)
        (void)!write(C.Link, "T", 1); // its ssh must live to relay the end
      else if (!C.Exited)
        kill(C.Pid, SIGTERM);
    W.failed();
  }
  // Interrupted nodes that write a trace or statistics first get longer:
  // a trace of millions of events takes seconds on a loaded machine.
  const char *Stats = settingText(Setting::STATS);
  const int Grace = Interrupted && (settingText(Setting::TRACE) ||
                                    (Stats && std::strcmp(Stats, "0") != 0))
                        ? 30
                        : 5;
  if (!W.Killed && W.AnyFailed &&
      std::chrono::steady_clock::now() - W.FailedAt >
          std::chrono::seconds(Grace)) {
    W.Killed = true;
    for (Child &C : Kids)
      if (!C.Exited) {
        std::fprintf(stderr,
                     "aspen: error: node '%s' did not stop within %d s of "
                     "the failure; killing it\n",
                     C.Name.c_str(), Grace);
        kill(C.Pid, SIGKILL);
      }
  }
}

/// Relays what the nodes wrote, line by line, prefixed `[node] `, waiting
/// at most 50 ms for something to read.
void relayOutput(std::vector<Child> &Kids) {
  std::vector<pollfd> Fds;
  std::vector<std::pair<Child *, bool>> Who;
  for (Child &C : Kids) {
    if (C.Out >= 0) {
      Fds.push_back({C.Out, POLLIN, 0});
      Who.push_back({&C, false});
    }
    if (C.Err >= 0) {
      Fds.push_back({C.Err, POLLIN, 0});
      Who.push_back({&C, true});
    }
  }
  if (!Fds.empty())
    poll(Fds.data(), Fds.size(), 50);
  else
    usleep(20000);
  for (size_t K = 0; K < Fds.size(); ++K) {
    if (!(Fds[K].revents & (POLLIN | POLLHUP | POLLERR)))
      continue;
    Child &C = *Who[K].first;
    bool IsErr = Who[K].second;
    char Buf[65536];
    ssize_t Got = read(Fds[K].fd, Buf, sizeof Buf);
    LineRelay &Relay = IsErr ? C.ErrRelay : C.OutRelay;
    if (Got > 0) {
      C.SaidSomething |= IsErr;
      Relay.feed(Buf, size_t(Got));
    } else if (Got == 0 || (errno != EINTR && errno != EAGAIN)) {
      Relay.finish();
      close(Fds[K].fd);
      (IsErr ? C.Err : C.Out) = -1;
    }
  }
}

/// Node C ended with wait status WS: names how, when it said nothing of
/// its own, and folds its status into the job's.
void childExited(Child &C, int WS, Watch &W) {
  C.Exited = true;
  if (C.Link >= 0) {
    close(C.Link);
    C.Link = -1;
  }
  --W.Running;
  int S = 0;
  if (WIFEXITED(WS)) {
    S = WEXITSTATUS(WS);
  } else if (WIFSIGNALED(WS)) {
    S = 128 + WTERMSIG(WS);
    if (!W.Killed && !W.Forwarded)
      std::fprintf(stderr,
                   "aspen: error: node '%s' was killed by "
                   "signal %d (%s)\n",
                   C.Name.c_str(), WTERMSIG(WS), strsignal(WTERMSIG(WS)));
  }
  // Through ssh, a node killed by signal N ends its remote shell with
  // 128 + N (execRemote).
  bool Signalled = C.Remote && WIFEXITED(WS) && S > 128 && S < 128 + NSIG;
  if (Signalled && !W.Killed && !W.Forwarded)
    std::fprintf(stderr,
                 "aspen: error: node '%s' was killed by "
                 "signal %d (%s)\n",
                 C.Name.c_str(), S - 128, strsignal(S - 128));
  C.Status = S;
  // A node that fails without a word (a static constructor's exit(3), an
  // ssh that could not start it) would otherwise go unnamed. What it wrote
  // last may still be in its pipe: look there first.
  if (WIFEXITED(WS) && S != 0 && !C.SaidSomething && C.Err >= 0) {
    fcntl(C.Err, F_SETFL, fcntl(C.Err, F_GETFL) | O_NONBLOCK);
    char Buf[4096];
    ssize_t Got = read(C.Err, Buf, sizeof Buf);
    if (Got > 0) {
      C.SaidSomething = true;
      C.ErrRelay.feed(Buf, size_t(Got));
    }
  }
  if (WIFEXITED(WS) && S != 0 && !C.SaidSomething && !Signalled && !W.Forwarded)
    std::fprintf(stderr, "aspen: error: node '%s' exited with status %d\n",
                 C.Name.c_str(), S);
  // A node the launcher itself killed, or stopped when it was interrupted
  // (which then decides the status), does not.
  if (S != 0 && !(W.Killed && S == 128 + SIGKILL) && !W.Forwarded) {
    if (W.Final == 0 || (W.Final == 5 && S != 5))
      W.Final = S;
    W.failed();
  }
}

void reapChildren(std::vector<Child> &Kids, Watch &W) {
  int WS = 0;
  pid_t Pid;
  while ((Pid = waitpid(-1, &WS, WNOHANG)) > 0)
    for (Child &C : Kids)
      if (C.Pid == Pid && !C.Exited)
        childExited(C, WS, W);
}

/// Output written just before exiting: what is in the pipes now, without
/// waiting for their end (a process a node started in the background may
/// hold a pipe open for as long as it runs, and the job is over when its
/// nodes are).
void drainOutput(std::vector<Child> &Kids) {
  for (Child &C : Kids) {
    for (int *Fd : {&C.Out, &C.Err}) {
      if (*Fd < 0)
        continue;
      char Buf[65536];
      ssize_t Got;
      LineRelay &Relay = Fd == &C.Err ? C.ErrRelay : C.OutRelay;
      fcntl(*Fd, F_SETFL, fcntl(*Fd, F_GETFL) | O_NONBLOCK);
      while ((Got = read(*Fd, Buf, sizeof Buf)) > 0)
        Relay.feed(Buf, size_t(Got));
      Relay.finish();
      close(*Fd);
    }
  }
}

} // namespace

int aspen::rt::launch::startNodes(const std::vector<NodeInfo> &Nodes, int Argc,
                                  char **Argv) {
  Job J;
  if (!resolveAndBind(Nodes, J) || !prepareJob(J))
    return 2;
  struct sigaction SA {};
  SA.sa_handler = onSignal;
  sigaction(SIGINT, &SA, nullptr);
  sigaction(SIGTERM, &SA, nullptr);
  sigaction(SIGHUP, &SA, nullptr);
  struct sigaction Dump {};
  Dump.sa_handler = onDumpSignal;
  Dump.sa_flags = SA_RESTART;
  sigaction(SIGUSR1, &Dump, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  std::vector<Child> Kids(Nodes.size());
  for (size_t K = 0; K < Nodes.size(); ++K) {
    Child &C = Kids[K];
    C.Name = Nodes[K].Name;
    C.Exited = true; // until started
    C.OutRelay.setPrefix("[" + C.Name + "] ");
    C.ErrRelay.setPrefix("[" + C.Name + "] ");
    C.OutRelay.intercept(
        [K, &J, &C](std::string_view Line) { return portTold(Line, K, J, C); });
  }
  // Other machines' nodes first: those that choose their port tell it, and
  // this machine's start with every address known.
  bool LocalStarted = J.Pending == 0;
  if (!startChildren(Nodes, J, Argc, Argv, Kids, false) ||
      (LocalStarted && !startChildren(Nodes, J, Argc, Argv, Kids, true)))
    return 2;
  Watch W;
  auto Started = [&] {
    size_t N = 0;
    for (const Child &C : Kids)
      N += !C.Exited;
    return N;
  };
  W.Running = Started();
  const auto Deadline =
      std::chrono::steady_clock::now() +
      std::chrono::seconds(settingCount(Setting::CONNECT_TIMEOUT));
  while (W.Running > 0 || (!LocalStarted && !W.AnyFailed && !Interrupted)) {
    forwardAndEnforce(Kids, W);
    relayOutput(Kids);
    reapChildren(Kids, W);
    if (LocalStarted || W.AnyFailed || Interrupted)
      continue;
    if (J.Pending == 0) {
      sendPeers(Nodes, J, Kids);
      LocalStarted = true;
      size_t Before = Started();
      if (!startChildren(Nodes, J, Argc, Argv, Kids, true)) {
        W.Final = 2;
        W.failed();
      }
      W.Running += Started() - Before;
    } else if (std::chrono::steady_clock::now() > Deadline) {
      for (size_t K = 0; K < Nodes.size(); ++K)
        if (Kids[K].AwaitPort && !Kids[K].Exited)
          std::fprintf(stderr,
                       "aspen: error: node '%s' did not say within %lu s "
                       "which port it listens on (ASPEN_CONNECT_TIMEOUT)\n",
                       Nodes[K].Name.c_str(),
                       (unsigned long)settingCount(Setting::CONNECT_TIMEOUT));
      W.Final = 2;
      W.failed();
      for (Child &C : Kids)
        if (!C.Exited && C.Link >= 0)
          (void)!write(C.Link, "T", 1);
    }
  }
  if (!LocalStarted)
    for (int Fd : J.ListenFd)
      if (Fd >= 0)
        close(Fd);
  drainOutput(Kids);
  if (Interrupted && W.Final == 0)
    W.Final = 128 + Interrupted;
  return W.Final;
}

bool aspen::rt::launch::readHostfile(const char *Path,
                                     std::vector<NodeInfo> &Nodes) {
  FILE *F = std::fopen(Path, "r");
  if (!F) {
    std::fprintf(stderr, "aspen: error: cannot open hostfile '%s': %s\n", Path,
                 std::strerror(errno));
    return false;
  }
  std::string Text;
  char Buf[4096];
  for (size_t N; (N = std::fread(Buf, 1, sizeof Buf, F)) > 0;)
    Text.append(Buf, N);
  if (std::ferror(F)) { // a directory opens, and fails to read
    std::fprintf(stderr, "aspen: error: cannot read hostfile '%s': %s\n", Path,
                 std::strerror(errno));
    std::fclose(F);
    return false;
  }
  std::fclose(F);
  // The format and its messages are aspenc's (aspen/abi/Hostfile.h).
  std::vector<hostfile::Entry> Entries;
  std::vector<hostfile::Error> Errors;
  hostfile::parse(Text, Entries, Errors);
  for (const hostfile::Error &E : Errors)
    std::fprintf(stderr, "aspen: error: %s:%u:%u: %s\n", Path, E.Line, E.Col,
                 E.message().c_str());
  if (!Errors.empty())
    return false;
  std::vector<NodeInfo> Out;
  for (hostfile::Entry &E : Entries) {
    NodeInfo N;
    N.Name = E.Name;
    N.Host = std::move(E.Name);
    N.Port = E.Port;
    N.Where = std::string(Path) + ":" + std::to_string(E.Line) + ":" +
              std::to_string(E.Col);
    Out.push_back(std::move(N));
  }
  if (Out.size() != Nodes.size()) {
    std::fprintf(stderr,
                 "aspen: error: %s lists %zu node%s; this program was placed "
                 "on %zu (rebuild it with aspenc --hostfile to change the "
                 "number of nodes)\n",
                 Path, Out.size(), Out.size() == 1 ? "" : "s", Nodes.size());
    return false;
  }
  Nodes = std::move(Out);
  return true;
}

int aspen::rt::launch::nodeFromEnvironment(size_t NumNodes) {
  for (const char *Var : {info(Setting::NODE).Name, "SLURM_PROCID",
                          "OMPI_COMM_WORLD_RANK", "PMI_RANK"}) {
    const char *V = std::getenv(Var);
    if (!V || !*V)
      continue;
    char *End = nullptr;
    long N = std::strtol(V, &End, 10);
    if (*End || N < 0 || size_t(N) >= NumNodes) {
      std::fprintf(stderr,
                   "aspen: error: %s=%s is not a node of this program's "
                   "hostfile (0 to %zu)\n",
                   Var, V, NumNodes - 1);
      std::exit(2);
    }
    return int(N);
  }
  return -1;
}
