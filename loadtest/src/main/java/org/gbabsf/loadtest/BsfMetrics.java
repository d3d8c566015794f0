package org.gbabsf.loadtest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * Reads the BSF's own figures from its Prometheus endpoint ({@code /metrics} on the admin port):
 * process CPU time, heap used and live data after GC. Blocking; called once a second from the
 * sampler thread.
 */
final class BsfMetrics {

  /**
   * One scrape.
   *
   * @param cpuNanos the process's CPU time so far, or -1
   * @param heapBytes heap used (all heap pools), or -1
   * @param liveBytes old-generation live data after the last collection, or -1
   */
  record Scrape(long cpuNanos, long heapBytes, long liveBytes) {}

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();
  private final URI endpoint;

  BsfMetrics(URI endpoint) {
    this.endpoint = endpoint;
  }

  /** A scrape, or empty if the endpoint does not answer 200 within 800 ms. */
  Optional<Scrape> scrape() {
    return text().map(BsfMetrics::parse);
  }

  /** The exposition text, or empty if the endpoint does not answer 200 within 800 ms. */
  Optional<String> text() {
    try {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(endpoint).timeout(Duration.ofMillis(800)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? Optional.of(r.body()) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  /** The figures of a Prometheus text exposition. */
  static Scrape parse(String text) {
    double cpu = -1;
    double heap = 0;
    boolean heapSeen = false;
    double live = -1;
    for (String line : text.split("\n")) {
      if (line.isEmpty() || line.charAt(0) == '#') {
        continue;
      }
      int space = line.lastIndexOf(' ');
      if (space < 0) {
        continue;
      }
      String name = line.substring(0, space);
      double value;
      try {
        value = Double.parseDouble(line.substring(space + 1));
      } catch (NumberFormatException e) {
        continue;
      }
      if (name.startsWith("process_cpu_time_ns_total")) {
        cpu = value;
      } else if (name.startsWith("process_cpu_time_seconds_total")) {
        cpu = value * 1e9;
      } else if (name.startsWith("jvm_memory_used_bytes{") && name.contains("area=\"heap\"")) {
        heap += value;
        heapSeen = true;
      } else if (name.startsWith("jvm_gc_live_data_size_bytes")) {
        live = value;
      }
    }
    return new Scrape((long) cpu, heapSeen ? (long) heap : -1, (long) live);
  }
}
