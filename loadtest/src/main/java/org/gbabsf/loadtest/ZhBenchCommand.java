package org.gbabsf.loadtest;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.zh.ZhCodec;
import org.gbabsf.diameter.zh.avp.ZhAvps;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest zh-bench}: MAR/MAA throughput and latency between a Diameter client node and an
 * HSS simulator, with a fixed number of requests outstanding. Shows what the HSS simulator can
 * take, what one MAR costs the client, and the effect of TCP_NODELAY.
 */
@Command(
    name = "zh-bench",
    mixinStandardHelpOptions = true,
    description = "Measure Zh MAR/MAA rate and latency against an HSS simulator.")
final class ZhBenchCommand implements Callable<Integer> {

  @Option(
      names = "--hss",
      description =
          "host=address:port of a running HSS (e.g. loadtest hss); default: start one in this"
              + " process.")
  String hss;

  @Option(names = "--requests", defaultValue = "200000", description = "MARs measured.")
  int requests;

  @Option(names = "--warmup", defaultValue = "50000", description = "MARs sent before measuring.")
  int warmup;

  @Option(names = "--outstanding", defaultValue = "64", description = "MARs in flight at once.")
  int outstanding;

  @Option(
      names = "--tcp-nodelay",
      defaultValue = "true",
      negatable = true,
      description = "TCP_NODELAY on both sides (default on).")
  boolean tcpNoDelay;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    AppId zh = new AppId(BaseAvps.VENDOR_3GPP, ZhAvps.APPLICATION_ID);
    GeneratedSubscriberDirectory subscribers =
        new GeneratedSubscriberDirectory(100_000, "home1.net");
    ZhHssSimulator simulator = null;
    String hssHost;
    String hssAddress;
    int hssPort;
    if (hss == null) {
      hssHost = "hss1.home1.net";
      hssAddress = "127.0.0.1";
      hssPort = freePort();
      simulator =
          ZhHssSimulator.start(
              new ZhHssSimulator.Settings(hssHost, "home1.net", hssAddress, hssPort, tcpNoDelay),
              subscribers,
              new SimulatedGuss(Duration.ofHours(1)));
    } else {
      String[] hp = hss.split("=");
      String[] ap = hp[1].split(":");
      hssHost = hp[0];
      hssAddress = ap[0];
      hssPort = Integer.parseInt(ap[1]);
    }
    DiameterNode client =
        DiameterNode.start(
            DiameterNodeConfig.clientOf(
                "bench.home1.net",
                "home1.net",
                "127.0.0.1",
                freePort(),
                "gba-bsf-zh-bench",
                zh,
                new PeerConfig(hssHost, hssAddress, hssPort, 1),
                "home1.net",
                tcpNoDelay),
            Map.of());
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!client.isUp(hssHost) && System.nanoTime() < deadline) {
        java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
      }
      if (!client.isUp(hssHost)) {
        out.println("HSS " + hssHost + " did not come up");
        return 1;
      }
      run(client, subscribers, warmup, new Recorder(3));
      Recorder recorder = new Recorder(3);
      long cpu0 = processCpuNanos();
      long t0 = System.nanoTime();
      long errors = run(client, subscribers, requests, recorder);
      long elapsed = System.nanoTime() - t0;
      long cpu = processCpuNanos() - cpu0;
      Histogram h = recorder.getIntervalHistogram();
      out.printf(
          "Zh MAR/MAA, %d outstanding, TCP_NODELAY %s, HSS %s%n",
          outstanding, tcpNoDelay ? "on" : "off", simulator != null ? "in-process" : hss);
      out.printf("MAR/s: %.0f%n", requests / (elapsed / 1e9));
      out.printf(
          "latency ms: p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  max %.3f%n",
          h.getValueAtPercentile(50) / 1e6,
          h.getValueAtPercentile(90) / 1e6,
          h.getValueAtPercentile(99) / 1e6,
          h.getValueAtPercentile(99.9) / 1e6,
          h.getMaxValue() / 1e6);
      out.printf(
          "process CPU per MAR: %.1f us (%s)%n",
          cpu / 1e3 / requests,
          simulator != null ? "client and HSS simulator together" : "client only");
      out.printf("errors: %d%n", errors);
      out.flush();
      return errors == 0 ? 0 : 1;
    } finally {
      client.close();
      if (simulator != null) {
        simulator.close();
      }
    }
  }

  private long run(
      DiameterNode client, GeneratedSubscriberDirectory subscribers, int count, Recorder recorder)
      throws InterruptedException {
    Semaphore window = new Semaphore(outstanding);
    AtomicLong errors = new AtomicLong();
    CompletableFuture<?>[] last = new CompletableFuture<?>[1];
    for (int i = 0; i < count; i++) {
      window.acquire();
      Impi impi = subscribers.impi(i % subscribers.count());
      DiameterMessage mar =
          ZhCodec.encodeMar(
              new ZhCodec.Mar(
                  client.newSessionId(),
                  client.originHost(),
                  client.originRealm(),
                  "home1.net",
                  Optional.empty(),
                  impi,
                  Optional.empty()));
      long start = System.nanoTime();
      last[0] =
          client
              .send(mar, Duration.ofSeconds(5))
              .whenComplete(
                  (maa, error) -> {
                    recorder.recordValue(System.nanoTime() - start);
                    if (error != null
                        || !(ZhCodec.decodeMaa(maa) instanceof ZhCodec.MaaResult.Vector)) {
                      errors.incrementAndGet();
                    }
                    window.release();
                  })
              .toCompletableFuture();
    }
    window.acquire(outstanding);
    return errors.get();
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
