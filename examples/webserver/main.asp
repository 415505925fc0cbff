// A static-file HTTP/1.1 server: GET and HEAD, keep-alive, 404. No module
// sees a thread or a socket; the runtime's event loop serves the network.
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

// The request line and the two headers that matter. Anything malformed is
// answered with 400, methods other than GET and HEAD with 405.
Module Parse {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &in = getPayload<aspen::net::Request>(q);
      auto *r = new HttpRequest();
      r->connection = in.connection;
      parse(in.str(), *r);
      send r;
    }
    send new NoMoreRequests();
  }

  static bool startsWithNoCase(const std::string &s, size_t at, const char *p) {
    size_t n = std::strlen(p);
    return s.size() >= at + n && strncasecmp(s.data() + at, p, n) == 0;
  }

  void parse(const std::string &s, HttpRequest &r) {
    size_t sp1 = s.find(' '), eol = s.find("\r\n");
    size_t sp2 = sp1 == std::string::npos ? sp1 : s.find(' ', sp1 + 1);
    if (sp1 == std::string::npos || sp2 == std::string::npos || sp2 > eol) {
      r.status = 400;
      r.keepAlive = false;
      return;
    }
    std::string method = s.substr(0, sp1);
    r.path = s.substr(sp1 + 1, sp2 - sp1 - 1);
    std::string version = s.substr(sp2 + 1, eol - sp2 - 1);
    r.keepAlive = version == "HTTP/1.1";
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
      r.status = 400;
      r.keepAlive = false;
      return;
    }
    for (size_t at = eol + 2; at < s.size();) {
      size_t end = s.find("\r\n", at);
      if (end == std::string::npos || end == at)
        break;
      if (startsWithNoCase(s, at, "connection:")) {
        std::string v = s.substr(at + 11, end - at - 11);
        if (v.find("close") != std::string::npos ||
            v.find("Close") != std::string::npos)
          r.keepAlive = false;
        else if (v.find("eep-alive") != std::string::npos)
          r.keepAlive = true;
      }
      at = end + 2;
    }
    r.head = method == "HEAD";
    if (method != "GET" && method != "HEAD") {
      r.status = 405;
      return;
    }
    size_t qm = r.path.find_first_of("?#");
    if (qm != std::string::npos)
      r.path.resize(qm);
    if (r.path.empty() || r.path[0] != '/' ||
        r.path.find("/..") != std::string::npos) {
      r.status = 400;
      return;
    }
    if (r.path.back() == '/')
      r.path += "index.html";
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
      std::ifstream in(root + r.path, std::ios::binary);
      std::ostringstream body;
      auto *fill = new Fill();
      fill->path = r.path;
      if (in && (body << in.rdbuf(), in.good() || in.eof())) {
        auto f = std::make_shared<File>();
        f->body = body.str();
        f->type = typeOf(r.path);
        r.file = fill->file = f;
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

// The status line, the headers and (except for HEAD) the body.
Module Respond {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<HttpRequest>(q);
      std::string out;
      const char *reason = r.status == 200   ? "OK"
                           : r.status == 404 ? "Not Found"
                           : r.status == 405 ? "Method Not Allowed"
                                             : "Bad Request";
      std::string body = r.status == 200
                             ? std::string()
                             : std::to_string(r.status) + " " + reason + "\n";
      const std::string &payload = r.file ? r.file->body : body;
      out.reserve(160 + payload.size());
      out += "HTTP/1.1 ";
      out += std::to_string(r.status);
      out += ' ';
      out += reason;
      out += "\r\nServer: aspen\r\nContent-Type: ";
      out += r.file ? r.file->type : "text/plain";
      out += "\r\nContent-Length: ";
      out += std::to_string(payload.size());
      out += r.keepAlive ? "\r\nConnection: keep-alive" : "\r\nConnection: close";
      if (r.status == 405)
        out += "\r\nAllow: GET, HEAD";
      out += "\r\n\r\n";
      if (!r.head)
        out += payload;
      send new aspen::net::Response(r.connection, std::move(out), !r.keepAlive);
    }
  }
}
