package org.gbabsf.http.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A hostile client for load tests: pipelines unauthenticated first requests (a GBA {@code
 * Authorization} with an IMPI and an empty response) from one source address at a fixed rate, and
 * reads the 401s back. Each costs the BSF one vector and one stored challenge. Bounded in count;
 * stops when told; talks to loopback only.
 */
public final class FirstRequestFlood implements Runnable {

  private final InetAddress source;
  private final InetSocketAddress bsf;
  private final String realm;
  private final List<String> impis;
  private final int perSecond;
  private final long maxRequests;
  private final AtomicBoolean stop;
  private final AtomicLong sent = new AtomicLong();

  /**
   * A flood from {@code source} to {@code bsf} (both loopback) of first requests for {@code impis}
   * in turn, {@code perSecond} a second, at most {@code maxRequests}, until {@code stop}.
   */
  public FirstRequestFlood(
      InetAddress source,
      InetSocketAddress bsf,
      String realm,
      List<String> impis,
      int perSecond,
      long maxRequests,
      AtomicBoolean stop) {
    if (!source.isLoopbackAddress() || !bsf.getAddress().isLoopbackAddress()) {
      throw new IllegalArgumentException("a flood targets loopback only");
    }
    if (perSecond < 100) {
      throw new IllegalArgumentException("perSecond must be at least 100");
    }
    this.source = source;
    this.bsf = bsf;
    this.realm = realm;
    this.impis = List.copyOf(impis);
    this.perSecond = perSecond;
    this.maxRequests = maxRequests;
    this.stop = stop;
  }

  /** First requests written so far. */
  public long sent() {
    return sent.get();
  }

  @Override
  public void run() {
    try (Socket s = new Socket()) {
      s.bind(new InetSocketAddress(source, 0));
      s.connect(bsf);
      Thread reader = drain(s.getInputStream());
      OutputStream out = s.getOutputStream();
      int batch = perSecond / 100; // one batch every 10 ms
      long start = System.nanoTime();
      for (long i = 0; i < maxRequests && !stop.get(); i++) {
        out.write(firstRequest(impis.get((int) (i % impis.size()))));
        sent.incrementAndGet();
        if ((i + 1) % batch == 0) {
          out.flush();
          // An open-loop sender's pacing: the next batch is due 10 ms after this one.
          LockSupport.parkNanos(start + ((i + 1) / batch) * 10_000_000L - System.nanoTime());
        }
      }
      out.flush();
      s.shutdownOutput();
      reader.join(20_000);
    } catch (IOException e) {
      throw new IllegalStateException("flood from " + source + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Thread drain(InputStream in) {
    Thread t =
        org.gbabsf.netty.Threads.named("flood-reader")
            .newThread(
                () -> {
                  byte[] buffer = new byte[64 * 1024];
                  try {
                    while (in.read(buffer) >= 0) {
                      // the 401s only need reading
                    }
                  } catch (IOException closed) {
                    // the connection ended
                  }
                });
    t.start();
    return t;
  }

  private byte[] firstRequest(String impi) {
    return ("GET / HTTP/1.1\r\nHost: "
            + realm
            + "\r\nUser-Agent: flood 3gpp-gba\r\nAuthorization: Digest username=\""
            + impi
            + "\", realm=\""
            + realm
            + "\", nonce=\"\", uri=\"/\", response=\"\"\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
  }
}
