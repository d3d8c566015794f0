package org.gbabsf.loadtest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code loadtest hss} in a child JVM, so that tests can kill it like a crashed HSS ({@code kill
 * -9}: the kernel closes its sockets, no DPR is sent) and start it again on the same port.
 */
final class HssProcess implements AutoCloseable {

  private final String host;
  private final int port;
  private Process process;

  HssProcess(String host, int port) {
    this.host = host;
    this.port = port;
  }

  String peerSpec(int priority) {
    return host + "=127.0.0.1:" + port + ":" + priority;
  }

  /** Starts the simulator and waits until it says it listens. */
  HssProcess start() throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx256m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(LoadtestMain.class.getName());
    cmd.add("hss");
    cmd.add("--origin-host");
    cmd.add(host);
    cmd.add("--port");
    cmd.add(Integer.toString(port));
    cmd.add("--generated-count");
    cmd.add("1000");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    process = pb.start();
    CompletableFuture<Void> listening = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  if (line.contains("listening on")) {
                    listening.complete(null);
                  }
                }
                listening.completeExceptionally(new IllegalStateException("HSS process exited"));
              } catch (IOException e) {
                listening.completeExceptionally(new UncheckedIOException(e));
              }
            },
            "hss-" + host + "-output");
    reader.setDaemon(true);
    reader.start();
    listening.get(60, TimeUnit.SECONDS);
    return this;
  }

  /** SIGKILL, and wait until the process is gone. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroy();
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        kill();
      }
    }
  }
}
