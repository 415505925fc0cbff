// A static-file HTTP/1.1 server: GET and HEAD, keep-alive, conditional GET
// (ETag, Last-Modified), 404, a redirect for a directory. No module sees a
// thread or a socket; the runtime's event loop serves the network.
//
//   listen ||| parse ||| cache ---------------------> respond ||| reply
//                          |  miss            ^  hit      ^
//                          +----> read -------+-----------+
//                                   | fill (back into the cache)
//
// Build and run (serves examples/webserver/www on port 8080):
//   aspenc examples/webserver/main.asp -o webserver
//   cd examples/webserver && ../../webserver
//   curl -i http://127.0.0.1:8080/
#include "http.h"
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/stat.h>
#include <aspen/stdlib.h>

Module Main is Root requires Module TcpListen, Module Parse, Module Cache,
                             Module Read, Module Respond, Module TcpReply {
  void initialize() {
    TcpListen listen(8080, "http");
    Parse parse;
    Cache cache(64 * 1024 * 1024);
    Read read("www");
    Respond respond;
    TcpReply reply;
    flow:
      listen ||| parse ||| cache ||| respond ||| reply;
      cache.miss ||| read ||| respond;
      read.fill ||| cache;
  }
}

// The request, parsed by the standard library (Boost.Beast's parser, and
// the checks nginx makes: Host, %-escapes, ".." above the root). Methods
// other than GET and HEAD are answered with 405.
Module Parse {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &in = getPayload<aspen::net::Request>(q);
      auto *r = new HttpRequest();
      r->connection = in.connection;
      aspen::http::Request h = aspen::http::parseRequest(in.str());
      r->keepAlive = h.keepAlive;
      r->head = h.method == "HEAD";
      if (h.status) {
        r->status = h.status;
      } else if (h.method != "GET" && h.method != "HEAD") {
        r->status = 405;
      } else {
        r->path = h.path;
        if (r->path.back() == '/')
          r->path += "index.html";
        r->ifNoneMatch = h.header("If-None-Match");
        r->ifModifiedSince = h.header("If-Modified-Since");
      }
      send r;
    }
    send new NoMoreRequests();
  }
}

Declare Module Cache {
  parameters {
    long maxBytes;
  }
  Output Queue is miss;
}

// Files already read, by path. Hits go straight to Respond, misses to Read,
// whose Fill messages arrive on the same input queue.
Module Cache {
  void run() {
    std::map<std::string, std::shared_ptr<const File>> files;
    long bytes = 0, outstanding = 0;
    bool ending = false;
    while (!(ending && outstanding == 0)) {
      QueueElement q = dequeue();
      if (auto *f = dynamic_cast<Fill *>(q.get())) {
        --outstanding;
        if (f->file && !files.count(f->path) &&
            bytes + long(f->file->body.size()) <= maxBytes) {
          bytes += long(f->file->body.size());
          files.emplace(f->path, f->file);
        }
        continue;
      }
      if (dynamic_cast<NoMoreRequests *>(q.get())) {
        ending = true;
        continue;
      }
      auto &r = getPayload<HttpRequest>(q);
      if (r.status != 200) {
        send q;
        continue;
      }
      auto it = files.find(r.path);
      if (it != files.end()) {
        r.file = it->second;
        send q;
      } else {
        ++outstanding;
        send q on miss;
      }
    }
  }
}

Declare Module Read {
  parameters {
    std::string root;
  }
  Output Queue is fill;
}

Module Read {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<HttpRequest>(q);
      auto *fill = new Fill();
      fill->path = r.path;
      struct stat st;
      std::string name = root + r.path;
      if (::stat(name.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
        r.status = 301; // a directory: to its index, as nginx does
      } else if (std::ifstream in{name, std::ios::binary};
                 in && S_ISREG(st.st_mode)) {
        std::ostringstream body;
        if (body << in.rdbuf(), in.good() || in.eof()) {
          auto f = std::make_shared<File>();
          f->body = body.str();
          f->type = typeOf(r.path);
          f->modified = st.st_mtime;
          char etag[48];
          std::snprintf(etag, sizeof etag, "\"%lx-%zx\"", long(st.st_mtime),
                        f->body.size());
          f->etag = etag;
          r.file = fill->file = f;
        } else {
          r.status = 404;
        }
      } else {
        r.status = 404;
      }
      send q;
      send fill on fill;
    }
  }

  static std::string typeOf(const std::string &path) {
    static const std::pair<const char *, const char *> types[] = {
        {".html", "text/html"}, {".css", "text/css"},
        {".js", "text/javascript"}, {".txt", "text/plain"},
        {".png", "image/png"}, {".jpg", "image/jpeg"},
        {".svg", "image/svg+xml"}, {".json", "application/json"}};
    for (auto &[ext, type] : types) {
      size_t n = std::strlen(ext);
      if (path.size() >= n && path.compare(path.size() - n, n, ext) == 0)
        return type;
    }
    return "application/octet-stream";
  }
}

// The status line, the headers and (except for HEAD and 304) the body. A
// conditional GET whose copy is current gets 304 Not Modified: If-None-Match
// decides when present (RFC 9110, 13.2.2), else If-Modified-Since.
Module Respond {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<HttpRequest>(q);
      if (r.status == 200 && r.file && notModified(r))
        r.status = 304;
      const char *reason = reasonOf(r.status);
      bool withFile = r.file && (r.status == 200 || r.status == 304);
      std::string body = withFile ? std::string()
                                  : std::to_string(r.status) + " " + reason + "\n";
      const std::string &payload = withFile ? r.file->body : body;
      std::string out;
      out.reserve(256 + payload.size());
      out += "HTTP/1.1 ";
      out += std::to_string(r.status);
      out += ' ';
      out += reason;
      out += "\r\nServer: aspen\r\nDate: ";
      out += aspen::http::formatDate(std::time(nullptr));
      out += "\r\nContent-Type: ";
      out += withFile ? r.file->type : "text/plain";
      if (r.status != 304) {
        out += "\r\nContent-Length: ";
        out += std::to_string(payload.size());
      }
      if (withFile) {
        out += "\r\nLast-Modified: ";
        out += aspen::http::formatDate(r.file->modified);
        out += "\r\nETag: ";
        out += r.file->etag;
      }
      out += r.keepAlive ? "\r\nConnection: keep-alive" : "\r\nConnection: close";
      if (r.status == 405)
        out += "\r\nAllow: GET, HEAD";
      if (r.status == 301) {
        out += "\r\nLocation: "; // "/dir" is a directory: "/dir/"
        out += r.path;
        out += '/';
      }
      out += "\r\n\r\n";
      if (!r.head && r.status != 304)
        out += payload;
      send new aspen::net::Response(r.connection, std::move(out), !r.keepAlive);
    }
  }

  static const char *reasonOf(int status) {
    switch (status) {
    case 200: return "OK";
    case 301: return "Moved Permanently";
    case 304: return "Not Modified";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 505: return "HTTP Version Not Supported";
    default: return "Bad Request";
    }
  }

  static bool notModified(const HttpRequest &r) {
    if (!r.ifNoneMatch.empty()) {
      if (r.ifNoneMatch == "*")
        return true;
      // A list of entity tags; weak ones compare weakly for GET.
      for (size_t at = 0; at < r.ifNoneMatch.size();) {
        size_t end = r.ifNoneMatch.find(',', at);
        std::string tag = r.ifNoneMatch.substr(at, end - at);
        size_t b = tag.find_first_not_of(" \t"), e = tag.find_last_not_of(" \t");
        tag = b == std::string::npos ? "" : tag.substr(b, e - b + 1);
        if (tag.rfind("W/", 0) == 0)
          tag.erase(0, 2);
        if (tag == r.file->etag)
          return true;
        at = end == std::string::npos ? end : end + 1;
      }
      return false;
    }
    if (r.ifModifiedSince.empty())
      return false;
    std::optional<std::time_t> since = aspen::http::parseDate(r.ifModifiedSince);
    return since && r.file->modified <= *since;
  }
}
