//===- Hostfile.cpp - The hostfile format ---------------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/abi/Hostfile.h"
#include <cstdio>
#include <set>

using namespace aspen::hostfile;

std::string Error::message() const {
  switch (K) {
  case Syntax:
    return "expected 'NAME slots=N [port=P]' or 'NAME:N[:P]', found '" + Text +
           "'";
  case Slots:
    return "a node needs 1 to " + std::to_string(MaxSlots) + " slots, not '" +
           Text + "'";
  case Port:
    return "'" + Text + "' is not a port number (1 to 65535)";
  case Duplicate:
    return "node '" + Text + "' is listed twice";
  case Repeated:
    return "'" + Text + "' is given twice for one node";
  case Control:
    return "the line has a control character (byte " + Text + ")";
  }
  return Text;
}

namespace {
// Every control character but the blanks a line may have (tab, and the
// carriage return of a file written on Windows).
using namespace std::string_view_literals;
constexpr std::string_view ControlChars =
    "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10"
    "\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e"
    "\x1f\x7f"sv;

bool number(std::string_view S, unsigned long Max, unsigned long &Out) {
  if (S.empty() || S.size() > 9 ||
      S.find_first_not_of("0123456789") != std::string_view::npos)
    return false;
  Out = std::stoul(std::string(S));
  return Out >= 1 && Out <= Max;
}
} // namespace

void aspen::hostfile::parse(std::string_view Text, std::vector<Entry> &Entries,
                            std::vector<Error> &Errors) {
  std::set<std::string> Seen;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    size_t NL = Text.find('\n');
    std::string_view Line = Text.substr(0, NL);
    Text =
        NL == std::string_view::npos ? std::string_view() : Text.substr(NL + 1);
    ++LineNo;
    std::string_view Content = Line.substr(0, Line.find('#'));
    // A control character (a NUL, say) would end up in a node's name and
    // in every line of output prefixed with it.
    size_t Ctl = Content.find_first_of(ControlChars);
    if (Ctl != std::string_view::npos) {
      char Hex[8];
      std::snprintf(Hex, sizeof Hex, "0x%02x", unsigned(Content[Ctl]) & 0xff);
      Errors.push_back({Error::Control, LineNo, unsigned(Ctl + 1), Hex});
      continue;
    }
    auto ColOf = [&](std::string_view Part) {
      return unsigned(Part.data() - Line.data() + 1);
    };
    // Words separated by blanks.
    std::vector<std::string_view> Words;
    for (size_t At = 0;;) {
      At = Content.find_first_not_of(" \t\r", At);
      if (At == std::string_view::npos)
        break;
      size_t End = Content.find_first_of(" \t\r", At);
      Words.push_back(Content.substr(At, End == std::string_view::npos
                                             ? std::string_view::npos
                                             : End - At));
      At = End;
    }
    if (Words.empty())
      continue;
    std::string_view All(Words.front().data(), Words.back().data() +
                                                   Words.back().size() -
                                                   Words.front().data());
    Entry E;
    E.Line = LineNo;
    E.Col = ColOf(Words[0]);
    auto Fail = [&](Error::Kind K, std::string_view At, std::string_view What) {
      // An empty value (`slots=`) is found where it should have been.
      Errors.push_back(
          {K, LineNo, At.data() ? ColOf(At) : E.Col, std::string(What)});
    };
    std::string_view SlotsText, PortText;
    bool HaveSlots = false, HavePort = false;
    if (Words.size() == 1 && Words[0].find(':') != std::string_view::npos) {
      // name:N[:P]
      std::string_view W = Words[0];
      size_t C1 = W.find(':'), C2 = W.find(':', C1 + 1);
      if (C1 == 0 || (C2 != std::string_view::npos &&
                      W.find(':', C2 + 1) != std::string_view::npos)) {
        Fail(Error::Syntax, W, All);
        continue;
      }
      E.Name = std::string(W.substr(0, C1));
      SlotsText =
          W.substr(C1 + 1, C2 == std::string_view::npos ? std::string_view::npos
                                                        : C2 - C1 - 1);
      HaveSlots = true;
      if (C2 != std::string_view::npos) {
        PortText = W.substr(C2 + 1);
        HavePort = true;
      }
    } else {
      E.Name = std::string(Words[0]);
      bool Bad = false;
      for (size_t I = 1; I < Words.size() && !Bad; ++I) {
        std::string_view W = Words[I];
        bool IsSlots = W.substr(0, 6) == "slots=",
             IsPort = W.substr(0, 5) == "port=";
        if ((IsSlots && HaveSlots) || (IsPort && HavePort)) {
          Fail(Error::Repeated, W, IsSlots ? "slots" : "port");
          Bad = true;
        } else if (IsSlots) {
          SlotsText = W.substr(6);
          HaveSlots = true;
        } else if (IsPort) {
          PortText = W.substr(5);
          HavePort = true;
        } else {
          Fail(Error::Syntax, W, All);
          Bad = true;
        }
      }
      if (Bad)
        continue;
    }
    unsigned long V = 0;
    if (HaveSlots) {
      if (!number(SlotsText, MaxSlots, V)) {
        Fail(Error::Slots, SlotsText, SlotsText);
        continue;
      }
      E.Slots = unsigned(V);
    }
    if (HavePort) {
      if (!number(PortText, 65535, V)) {
        Fail(Error::Port, PortText, PortText);
        continue;
      }
      E.Port = uint16_t(V);
    }
    if (!Seen.insert(E.Name).second) {
      Errors.push_back({Error::Duplicate, LineNo, E.Col, E.Name});
      continue;
    }
    Entries.push_back(std::move(E));
  }
}
