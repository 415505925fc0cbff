//===- HostfileTest.cpp - The hostfile format -----------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/abi/Hostfile.h"
#include "launch/Launcher.h"
#include "sched/Scheduler.h"
#include <gtest/gtest.h>
#include <sched.h>

using namespace aspen::hostfile;

namespace {
struct Parsed {
  std::vector<Entry> Entries;
  std::vector<Error> Errors;
};
Parsed parseText(std::string_view Text) {
  Parsed P;
  parse(Text, P.Entries, P.Errors);
  return P;
}
} // namespace

TEST(Hostfile, AllForms) {
  Parsed P = parseText("# cluster\n"
                       "a slots=4 port=9000   # trailing comment\n"
                       "\tb:2\n"
                       "c:3:7000\r\n"
                       "d\n"
                       "   \n"
                       "e port=1 slots=1");
  ASSERT_TRUE(P.Errors.empty());
  ASSERT_EQ(P.Entries.size(), 5u);
  EXPECT_EQ(P.Entries[0].Name, "a");
  EXPECT_EQ(P.Entries[0].Slots, 4u);
  EXPECT_EQ(P.Entries[0].Port, 9000);
  EXPECT_EQ(P.Entries[0].Line, 2u);
  EXPECT_EQ(P.Entries[1].Name, "b");
  EXPECT_EQ(P.Entries[1].Slots, 2u);
  EXPECT_EQ(P.Entries[1].Col, 2u);
  EXPECT_EQ(P.Entries[2].Port, 7000);
  EXPECT_EQ(P.Entries[3].Slots, 1u); // a bare name is one slot
  EXPECT_EQ(P.Entries[3].Port, 0);
  EXPECT_EQ(P.Entries[4].Port, 1);
}

TEST(Hostfile, ErrorsAtTheirColumn) {
  Parsed P = parseText("a slots=0\n"
                       "b:x\n"
                       "c:1:70000\n"
                       "d slots=2 speed=3\n"
                       ":4\n"
                       "e:1:2:3\n"
                       "f slots=99999999999\n");
  ASSERT_EQ(P.Errors.size(), 7u);
  EXPECT_EQ(P.Errors[0].K, Error::Slots);
  EXPECT_EQ(P.Errors[0].Col, 9u);
  EXPECT_EQ(P.Errors[0].message(), "a node needs 1 to 1048576 slots, not '0'");
  EXPECT_EQ(P.Errors[1].K, Error::Slots);
  EXPECT_EQ(P.Errors[1].Col, 3u);
  EXPECT_EQ(P.Errors[2].K, Error::Port);
  EXPECT_EQ(P.Errors[2].Col, 5u);
  EXPECT_EQ(P.Errors[3].K, Error::Syntax);
  EXPECT_EQ(P.Errors[3].Col, 11u);
  EXPECT_EQ(P.Errors[3].Text, "d slots=2 speed=3");
  EXPECT_EQ(P.Errors[4].K, Error::Syntax);
  EXPECT_EQ(P.Errors[5].K, Error::Syntax);
  EXPECT_EQ(P.Errors[6].K, Error::Slots);
  EXPECT_EQ(P.Entries.size(), 0u);
}

TEST(Hostfile, Duplicates) {
  // A line with an error gives no node, so a later line may take its name.
  Parsed P = parseText("a slots=0\na\nb\nb:2\n");
  ASSERT_EQ(P.Errors.size(), 2u);
  EXPECT_EQ(P.Errors[1].K, Error::Duplicate);
  EXPECT_EQ(P.Errors[1].Line, 4u);
  EXPECT_EQ(P.Errors[1].message(), "node 'b' is listed twice");
  ASSERT_EQ(P.Entries.size(), 2u);
  EXPECT_EQ(P.Entries[0].Name, "a");
}

TEST(Hostfile, SettingGivenTwice) {
  // Before, the last one silently won.
  Parsed P = parseText("a slots=1 slots=2\nb port=7000 slots=2 port=7001\nc\n");
  ASSERT_EQ(P.Errors.size(), 2u);
  EXPECT_EQ(P.Errors[0].K, Error::Repeated);
  EXPECT_EQ(P.Errors[0].Line, 1u);
  EXPECT_EQ(P.Errors[0].Col, 11u);
  EXPECT_EQ(P.Errors[0].message(), "'slots' is given twice for one node");
  EXPECT_EQ(P.Errors[1].K, Error::Repeated);
  EXPECT_EQ(P.Errors[1].Col, 21u);
  EXPECT_EQ(P.Errors[1].message(), "'port' is given twice for one node");
  ASSERT_EQ(P.Entries.size(), 1u);
  EXPECT_EQ(P.Entries[0].Name, "c");
}

TEST(Hostfile, EmptyValuesAndControlCharacters) {
  // An empty value is placed where it is missing (before: column 1); a
  // control character is refused (before: a NUL became part of the name).
  Parsed P = parseText(std::string_view(
      "a slots=\nb:2:\nc\0junk\nd\x1b[1m\ne\tslots=2\r\n", 38));
  ASSERT_EQ(P.Errors.size(), 4u);
  EXPECT_EQ(P.Errors[0].K, Error::Slots);
  EXPECT_EQ(P.Errors[0].Col, 9u);
  EXPECT_EQ(P.Errors[1].K, Error::Port);
  EXPECT_EQ(P.Errors[1].Col, 5u);
  EXPECT_EQ(P.Errors[2].K, Error::Control);
  EXPECT_EQ(P.Errors[2].Line, 3u);
  EXPECT_EQ(P.Errors[2].Col, 2u);
  EXPECT_EQ(P.Errors[2].message(),
            "the line has a control character (byte 0x00)");
  EXPECT_EQ(P.Errors[3].K, Error::Control);
  EXPECT_EQ(P.Errors[3].message(),
            "the line has a control character (byte 0x1b)");
  ASSERT_EQ(P.Entries.size(), 1u);
  EXPECT_EQ(P.Entries[0].Name, "e");
  EXPECT_EQ(P.Entries[0].Slots, 2u);
}

// Node processes of one machine split its cores: disjoint ranges while
// there are enough, none pinned (one worker each) once there are not.
TEST(Hostfile, NodesShareTheirMachinesCores) {
  using aspen::rt::launch::shareCores;
  for (unsigned I = 0; I < 2; ++I) {
    auto S = shareCores(I, 2, 8);
    EXPECT_EQ(S.Workers, 4u);
    EXPECT_TRUE(S.Pin);
    EXPECT_EQ(S.FirstCore, 4 * I);
  }
  auto Odd = shareCores(2, 3, 8); // 8 / 3: two each, cores 6 and 7 idle
  EXPECT_EQ(Odd.Workers, 2u);
  EXPECT_EQ(Odd.FirstCore, 4u);
  auto Many = shareCores(3, 4, 2);
  EXPECT_EQ(Many.Workers, 1u);
  EXPECT_FALSE(Many.Pin);
  auto Exact = shareCores(1, 2, 2);
  EXPECT_EQ(Exact.Workers, 1u);
  EXPECT_TRUE(Exact.Pin);
  EXPECT_EQ(Exact.FirstCore, 1u);
}

// Loopback addresses are this machine; a node's index counts only the
// nodes here before it.
TEST(Hostfile, LocalNodesOfTheHostfile) {
  using aspen::rt::NodeInfo;
  std::vector<NodeInfo> Nodes = {{"a", "127.0.0.1", 0, ""},
                                 {"b", "192.0.2.1", 0, ""}, // TEST-NET
                                 {"c", "127.0.0.2", 0, ""}};
  unsigned Index = 9, Count = 9;
  ASSERT_TRUE(aspen::rt::launch::localNodes(Nodes, 2, Index, Count));
  EXPECT_EQ(Count, 2u);
  EXPECT_EQ(Index, 1u);
}

// A process bound to one CPU (taskset, a cluster launcher) has one core to
// share out; unbound, it has the machine's, and that binding is whole.
TEST(Hostfile, CoresAreThoseOfTheBinding) {
  cpu_set_t Saved;
  ASSERT_EQ(sched_getaffinity(0, sizeof Saved, &Saved), 0);
  aspen::rt::CpuBinding All = aspen::rt::cpuBinding();
  EXPECT_LE(All.Cores, All.MachineCores);
  if (All.Whole) // not started under taskset itself
    EXPECT_EQ(All.Cores, All.MachineCores);
  cpu_set_t One;
  CPU_ZERO(&One);
  for (int C = 0; C < CPU_SETSIZE; ++C)
    if (CPU_ISSET(C, &Saved)) {
      CPU_SET(C, &One);
      break;
    }
  ASSERT_EQ(sched_setaffinity(0, sizeof One, &One), 0);
  aspen::rt::CpuBinding Bound = aspen::rt::cpuBinding();
  ASSERT_EQ(sched_setaffinity(0, sizeof Saved, &Saved), 0);
  EXPECT_EQ(Bound.Cores, 1u);
  EXPECT_EQ(Bound.MachineCores, All.MachineCores);
  EXPECT_EQ(Bound.Whole, All.Whole && CPU_COUNT(&Saved) == 1);
}

TEST(Hostfile, PeersListsStopAtAMalformedEntry) {
  using aspen::rt::launch::parsePeers;
  auto P = parsePeers("10.0.0.1:47470,[::1]:0,host:12");
  ASSERT_EQ(P.size(), 3u);
  EXPECT_EQ(P[0].Host, "10.0.0.1");
  EXPECT_EQ(P[0].Port, 47470);
  EXPECT_EQ(P[1].Host, "::1");
  EXPECT_EQ(P[1].Port, 0);
  EXPECT_EQ(P[2].Port, 12);
  // A port past 65535 (which would wrap to another), one with other
  // characters, or none: the list ends before it.
  EXPECT_EQ(parsePeers("a:1,b:65536,c:2").size(), 1u);
  EXPECT_EQ(parsePeers("a:1,b:12x,c:2").size(), 1u);
  EXPECT_EQ(parsePeers("a:1,b:,c:2").size(), 1u);
  EXPECT_EQ(parsePeers("a:99999999999999999999").size(), 0u);
  EXPECT_EQ(parsePeers("nocolon").size(), 0u);
}
