"""An application server on Python's own HTTP parser (http.server), for ProxyDesyncIT.

Prints "PORT <n>" once listening on 127.0.0.1, then one line per request it read: five fields
separated by spaces, each the hex of its UTF-8/Latin-1 text: method, path, the header names
(lower case, comma-separated, in order), the X-3GPP-Asserted-Identity values (newline-separated)
and the body read by Content-Length (http.server does not decode chunked bodies: a request framed
otherwise shows here). Answers each with 200 "ok".
Stops by itself after the number of seconds given as its argument (default 120), or when its
standard input closes.
"""
import http.server
import sys
import threading


class Recorder(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _any(self):
        length = int(self.headers.get("Content-Length", "0") or "0")
        body = self.rfile.read(length) if length > 0 else b""
        names = ",".join(k.lower() for k in self.headers.keys())
        asserted = "\n".join(self.headers.get_all("X-3GPP-Asserted-Identity") or [])
        fields = [self.command, self.path, names, asserted]
        line = " ".join(f.encode("latin-1").hex() for f in fields) + " " + body.hex()
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    do_GET = do_POST = do_PUT = do_DELETE = _any

    def log_message(self, *args):
        pass


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 120.0
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    server.daemon_threads = True
    sys.stdout.write("PORT %d\n" % server.server_address[1])
    sys.stdout.flush()
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
    timer = threading.Timer(seconds, server.shutdown)
    timer.daemon = True
    timer.start()
    server.serve_forever()


if __name__ == "__main__":
    main()
