// http.h -- what the web server's modules pass along: one request, and once
// it is known, the file that answers it. Files are shared, never copied,
// between the cache and the responses that use them.
#ifndef WEBSERVER_HTTP_H
#define WEBSERVER_HTTP_H

#include <aspen/runtime.h>
#include <cstdint>
#include <ctime>
#include <memory>
#include <string>

struct File {
  std::string body;
  std::string type;         // Content-Type
  std::time_t modified = 0; // Last-Modified
  std::string etag;         // as nginx makes it: "<mtime>-<size>" in hex
};

class HttpRequest : public aspen::Payload {
public:
  uint64_t connection = 0;
  bool head = false;       // HEAD: the response has no body
  bool keepAlive = true;   // false: close the connection after the answer
  int status = 200;        // set by Parse (400, 405, ...) or Read (404, 301)
  std::string path;        // decoded and resolved, "/" mapped to "/index.html"
  std::string ifNoneMatch; // conditional GET: the ETags the client has
  std::string ifModifiedSince; // or the date of its copy
  std::shared_ptr<const File> file;
};

/// From Read back to Cache, for every miss: the file it read (null when
/// there was none), for the next requests.
class Fill : public aspen::Payload {
public:
  std::string path;
  std::shared_ptr<const File> file;
};

/// From Parse to Cache once no more requests will come. Cache and Read feed
/// each other, so neither stream can end by itself: the cache ends when it
/// has this and no miss is outstanding, which ends Read's input in turn.
class NoMoreRequests : public aspen::Payload {};

#endif
