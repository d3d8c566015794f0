package org.gbabsf.naf.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * An application server that writes exactly the bytes a test gives it: the n-th request it reads
 * (over all its connections) is answered with the n-th script, raw. It records each request's head
 * and body as received. Loopback only; each socket read gives up after 10 s, so that a regression
 * fails instead of hanging.
 */
final class RawUpstream implements AutoCloseable {

  /** A request as the upstream read it. */
  record Received(String head, String body) {
    /** Every value of header {@code name} (case-insensitive), in order. */
    List<String> header(String name) {
      List<String> values = new ArrayList<>();
      for (String line : head.split("\r\n")) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).strip().equalsIgnoreCase(name)) {
          values.add(line.substring(colon + 1).strip());
        }
      }
      return values;
    }

    /** The lower-cased names of its header fields. */
    List<String> names() {
      List<String> names = new ArrayList<>();
      String[] lines = head.split("\r\n");
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          names.add(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT));
        }
      }
      return names;
    }
  }

  private final ServerSocket server;
  private final BlockingQueue<String> scripts = new LinkedBlockingQueue<>();
  final List<Received> received = new CopyOnWriteArrayList<>();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final Thread acceptor;

  RawUpstream() throws IOException {
    server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
    acceptor = new Thread(this::accept, "raw-upstream");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return server.getLocalPort();
  }

  /** The answer, as raw bytes, to the next request read. */
  void then(String raw) {
    scripts.add(raw);
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket s = server.accept();
        s.setSoTimeout(10_000);
        sockets.add(s);
        Thread t = new Thread(() -> serve(s), "raw-upstream-conn");
        t.setDaemon(true);
        t.start();
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s) {
      InputStream in = s.getInputStream();
      OutputStream out = s.getOutputStream();
      while (true) {
        String head = readHead(in);
        if (head == null) {
          return;
        }
        int length = 0;
        for (String v : new Received(head, "").header("content-length")) {
          length = Integer.parseInt(v);
        }
        byte[] body = in.readNBytes(length);
        received.add(new Received(head, new String(body, StandardCharsets.ISO_8859_1)));
        String script = scripts.poll();
        if (script == null) {
          return;
        }
        out.write(script.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
      }
    } catch (IOException e) {
      // the proxy closed the connection, or nothing came in time: the test's assertions decide
    }
  }

  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int state = 0;
    while (state < 4) {
      int c = in.read();
      if (c < 0) {
        return null;
      }
      b.write(c);
      state = (c == '\r' && state % 2 == 0) || (c == '\n' && state % 2 == 1) ? state + 1 : 0;
    }
    return b.toString(StandardCharsets.ISO_8859_1);
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket s : sockets) {
      s.close();
    }
  }
}
