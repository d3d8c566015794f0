package org.gbabsf.loadtest;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest upstream}: an application server for the NAF authentication proxy to sit in front
 * of, in tests and benchmarks. It answers every GET with one fixed document (an XCAP simservs
 * document unless {@code --document}) and every PUT with 200 and no body, over keep-alive HTTP/1.1,
 * so that the proxy's upstream connections stay open as with a real XCAP server.
 */
@Command(
    name = "upstream",
    mixinStandardHelpOptions = true,
    description = "Serve a fixed XCAP document over HTTP: an application server behind the proxy.")
final class UpstreamCommand implements Callable<Integer> {

  /** The document served by default: a user's supplementary services (TS 24.623). */
  static final String SIMSERVS =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <simservs xmlns="http://uri.etsi.org/ngn/params/xml/simservs/xcap">
        <originating-identity-presentation active="true"/>
        <communication-diversion active="false"/>
      </simservs>
      """;

  @Option(names = "--address", defaultValue = "127.0.0.1", description = "Address to bind.")
  String address;

  @Option(names = "--port", defaultValue = "8081", description = "Port; 0 = ephemeral.")
  int port;

  @Option(names = "--threads", defaultValue = "2", description = "Threads answering requests.")
  int threads;

  @Option(names = "--document", description = "Serve this file instead of the simservs document.")
  Path document;

  @Option(
      names = "--content-type",
      defaultValue = "application/simservs+xml",
      description = "Content-Type of the document (default: ${DEFAULT-VALUE}).")
  String contentType;

  @Spec CommandSpec spec;

  /** A running server; closing it stops it. */
  record Running(HttpServer server, ExecutorService pool) implements AutoCloseable {
    InetSocketAddress address() {
      return server.getAddress();
    }

    @Override
    public void close() {
      server.stop(0);
      pool.shutdownNow();
    }
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    byte[] body =
        document == null ? SIMSERVS.getBytes(StandardCharsets.UTF_8) : Files.readAllBytes(document);
    Running running = start(new InetSocketAddress(address, port), threads, body, contentType);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "upstream listening on %s:%d (%d-byte document)%n",
        running.address().getHostString(), running.address().getPort(), body.length);
    out.flush();
    new CountDownLatch(1).await(); // until the process is stopped
    return 0;
  }

  /** Starts a server on {@code at} answering GETs with {@code body}. */
  static Running start(InetSocketAddress at, int threads, byte[] body, String contentType)
      throws IOException {
    // The JDK server writes the headers and the body apart: without TCP_NODELAY, Nagle holds the
    // body until the proxy's delayed ACK (40 ms on Linux). Read when the server classes load.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    HttpServer server = HttpServer.create(at, 1024);
    ExecutorService pool =
        Executors.newFixedThreadPool(threads, org.gbabsf.netty.Threads.numbered("upstream-"));
    server.setExecutor(pool);
    String etag = "\"" + Integer.toHexString(java.util.Arrays.hashCode(body)) + "\"";
    server.createContext("/", exchange -> answer(exchange, body, contentType, etag));
    server.start();
    return new Running(server, pool);
  }

  private static void answer(HttpExchange exchange, byte[] body, String contentType, String etag)
      throws IOException {
    try (exchange) {
      exchange.getRequestBody().readAllBytes();
      switch (exchange.getRequestMethod()) {
        case "GET" -> {
          exchange.getResponseHeaders().set("Content-Type", contentType);
          exchange.getResponseHeaders().set("ETag", etag);
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
        }
        case "PUT" -> {
          exchange.getResponseHeaders().set("ETag", etag);
          exchange.sendResponseHeaders(200, -1);
        }
        default -> {
          exchange.getResponseHeaders().set("Allow", "GET, PUT");
          exchange.sendResponseHeaders(405, -1);
        }
      }
    }
  }
}
