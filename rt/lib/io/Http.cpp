//===- Http.cpp - HTTP requests, parsed by Boost.Beast --------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A request's syntax is Beast's business (a maintained parser, which refuses
// control bytes in the target, bad header lines and conflicting lengths);
// what a static-file server must check before it opens a file is here: the
// Host header HTTP/1.1 requires, and a path that is %-decoded and resolved
// without leaving the root, refused with nginx's statuses where nginx
// refuses it.
//
//===----------------------------------------------------------------------===//

#include "aspen/stdlib.h"
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstring>
#include <strings.h>

namespace beast = boost::beast;
namespace bhttp = boost::beast::http;

using namespace aspen;

std::string http::Request::header(std::string_view Name) const {
  for (const auto &[K, V] : headers)
    if (K.size() == Name.size() &&
        strncasecmp(K.data(), Name.data(), Name.size()) == 0)
      return V;
  return std::string();
}

namespace {

int hexDigit(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

/// The target's path %-decoded and with "." and ".." segments resolved
/// (RFC 3986, 5.2.4), or nullopt where nginx answers 400: a bad escape, an
/// escaped NUL, or ".." above the root.
std::optional<std::string> resolvePath(std::string_view Target) {
  size_t End = Target.find_first_of("?#");
  std::string_view Raw = Target.substr(0, End);
  if (Raw.empty() || Raw[0] != '/')
    return std::nullopt;
  std::string Decoded;
  Decoded.reserve(Raw.size());
  for (size_t I = 0; I < Raw.size(); ++I) {
    if (Raw[I] != '%') {
      Decoded += Raw[I];
      continue;
    }
    int Hi = I + 2 < Raw.size() ? hexDigit(Raw[I + 1]) : -1;
    int Lo = Hi >= 0 ? hexDigit(Raw[I + 2]) : -1;
    if (Lo < 0 || (Hi == 0 && Lo == 0))
      return std::nullopt;
    Decoded += char(Hi * 16 + Lo);
    I += 2;
  }
  // Segment by segment; a trailing "/" (or "/." or "/..") stays.
  std::vector<std::string_view> Segs;
  std::string_view Rest(Decoded);
  bool Dir = false;
  while (!Rest.empty()) {
    Rest.remove_prefix(1); // the '/'
    size_t Slash = Rest.find('/');
    std::string_view Seg = Rest.substr(0, Slash);
    Rest = Slash == std::string_view::npos ? std::string_view()
                                           : Rest.substr(Slash);
    Dir = Rest.empty() && (Seg.empty() || Seg == "." || Seg == "..");
    if (Seg.empty() || Seg == ".")
      continue; // "//" and "/./" are "/", as nginx merges them
    if (Seg == "..") {
      if (Segs.empty())
        return std::nullopt;
      Segs.pop_back();
      continue;
    }
    Segs.push_back(Seg);
  }
  std::string Path;
  for (std::string_view S : Segs)
    (Path += '/') += S;
  if (Path.empty() || Dir)
    Path += '/';
  return Path;
}

} // namespace

http::Request http::parseRequest(std::string_view Bytes) {
  Request R;
  bhttp::request_parser<bhttp::string_body> P;
  P.eager(true);
  P.header_limit(std::numeric_limits<std::uint32_t>::max()); // TcpListen's
  P.body_limit(std::numeric_limits<std::uint64_t>::max());   // limits hold
  beast::error_code Ec;
  size_t Used = P.put(boost::asio::buffer(Bytes.data(), Bytes.size()), Ec);
  if (!Ec && !P.is_done()) {
    P.put_eof(Ec); // a body cut short, or no blank line
    (void)Used;
  }
  if (Ec || !P.is_header_done()) {
    // nginx answers a version it does not speak ("HTTP/2.0" on an HTTP/1
    // connection) with 505, anything else it cannot parse with 400.
    R.status = Ec == bhttp::error::bad_version ? 505 : 400;
    R.keepAlive = false;
    return R;
  }
  const auto &M = P.get();
  R.method = std::string(M.method_string());
  R.target = std::string(M.target());
  R.version = M.version();
  R.keepAlive = M.keep_alive();
  for (const auto &F : M)
    R.headers.emplace_back(std::string(F.name_string()),
                           std::string(F.value()));
  R.body = M.body();
  if (R.version != 10 && R.version != 11) {
    R.status = 505;
    R.keepAlive = false;
    return R;
  }
  if (R.version == 11 && M.find(bhttp::field::host) == M.end()) {
    R.status = 400; // RFC 9112, 3.2: "MUST respond with a 400"
    R.keepAlive = false;
    return R;
  }
  std::optional<std::string> Path = resolvePath(R.target);
  if (!Path) {
    R.status = 400;
    return R;
  }
  R.path = std::move(*Path);
  return R;
}

std::string http::formatDate(std::time_t T) {
  std::tm G;
  gmtime_r(&T, &G);
  static const char *const Days[] = {"Sun", "Mon", "Tue", "Wed",
                                     "Thu", "Fri", "Sat"};
  static const char *const Months[] = {"Jan", "Feb", "Mar", "Apr",
                                       "May", "Jun", "Jul", "Aug",
                                       "Sep", "Oct", "Nov", "Dec"};
  char Buf[40];
  std::snprintf(Buf, sizeof Buf, "%s, %02d %s %04d %02d:%02d:%02d GMT",
                Days[G.tm_wday], G.tm_mday, Months[G.tm_mon], G.tm_year + 1900,
                G.tm_hour, G.tm_min, G.tm_sec);
  return Buf;
}

std::optional<std::time_t> http::parseDate(std::string_view S) {
  std::string Z(S);
  std::tm G{};
  // IMF-fixdate, RFC 850, asctime (RFC 9110, 5.6.7).
  for (const char *F : {"%a, %d %b %Y %H:%M:%S GMT",
                        "%A, %d-%b-%y %H:%M:%S GMT", "%a %b %e %H:%M:%S %Y"}) {
    G = std::tm{};
    const char *End = strptime(Z.c_str(), F, &G);
    if (End && *End == '\0')
      return timegm(&G);
  }
  return std::nullopt;
}
