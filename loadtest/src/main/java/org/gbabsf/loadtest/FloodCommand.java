package org.gbabsf.loadtest;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.http.client.FirstRequestFlood;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest flood}: the first-request flood of the hostile-peer issue, with a real UE beside
 * it. Flooders on 127.0.0.2 and up pipeline unauthenticated first requests for existing IMPIs at a
 * fixed total rate; meanwhile real UEs (generated subscribers, as the simulated HSS and {@code
 * loadtest hss} derive them) bootstrap at {@code --real-rate}. Prints how many real bootstraps
 * succeeded; exits 1 under 99 %. Loopback only, bounded in time.
 */
@Command(
    name = "flood",
    mixinStandardHelpOptions = true,
    description =
        "Flood a BSF with first requests from other loopback addresses while real UEs bootstrap;"
            + " report the real UEs' success.")
final class FloodCommand implements Callable<Integer> {

  @Option(names = "--bsf", defaultValue = "http://127.0.0.1:8080/", description = "BSF Ub URL.")
  URI bsf;

  @Option(names = "--realm", defaultValue = "bsf.home1.net", description = "Realm in requests.")
  String realm;

  @Option(names = "--rate", defaultValue = "3000", description = "First requests per second.")
  int rate;

  @Option(names = "--sources", defaultValue = "3", description = "Flooding addresses (127.0.0.2+).")
  int sources;

  @Option(
      names = "--subscribers",
      defaultValue = "20000",
      description = "Generated subscribers of the HSS; the flood uses all but the first 1,000.")
  int subscribers;

  @Option(names = "--domain", defaultValue = "home1.net", description = "Generated IMPI domain.")
  String domain;

  @Option(names = "--real-rate", defaultValue = "20", description = "Real bootstraps per second.")
  int realRate;

  @Option(
      names = "--duration",
      defaultValue = "30s",
      converter = DurationConverter.class,
      description = "How long to flood (at most 10 minutes).")
  Duration duration;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (duration.compareTo(Duration.ofMinutes(10)) > 0 || sources < 1 || sources > 200) {
      throw new IllegalArgumentException("--duration at most 10m, --sources 1..200");
    }
    InetSocketAddress target =
        new InetSocketAddress(bsf.getHost(), bsf.getPort() > 0 ? bsf.getPort() : 80);
    GeneratedSubscriberDirectory directory = new GeneratedSubscriberDirectory(subscribers, domain);
    List<String> floodImpis = new ArrayList<>();
    for (int i = 1_000; i < subscribers; i++) {
      floodImpis.add(directory.impi(i).value());
    }
    AtomicBoolean stop = new AtomicBoolean();
    List<FirstRequestFlood> floods = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    int share = floodImpis.size() / sources;
    for (int f = 0; f < sources; f++) {
      FirstRequestFlood flood =
          new FirstRequestFlood(
              InetAddress.getByName("127.0.0." + (2 + f)),
              target,
              realm,
              floodImpis.subList(f * share, (f + 1) * share),
              Math.max(100, rate / sources),
              (long) rate * duration.toSeconds(),
              stop);
      floods.add(flood);
      Thread t = new Thread(flood, "flood-" + f);
      threads.add(t);
      t.start();
    }
    int attempted = 0;
    int succeeded = 0;
    long slowest = 0;
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    try (UbClient client = new UbClient(group, target)) {
      for (int i = 0; System.nanoTime() < end; i++) {
        SimulatedUsim usim =
            new SimulatedUsim(directory.find(directory.impi(i % 1_000)).orElseThrow());
        GbaUe ue = new GbaUe(client, new UeAuthenticator(usim, "/"), realm, "/");
        GbaUe.Result r = ue.bootstrap().toCompletableFuture().get(30, TimeUnit.SECONDS);
        attempted++;
        if (r instanceof GbaUe.Result.Bootstrapped b) {
          succeeded++;
          slowest = Math.max(slowest, b.totalNanos());
        }
        // Real UEs arrive at --real-rate: the next one is due then.
        LockSupport.parkNanos(start + (i + 1) * 1_000_000_000L / realRate - System.nanoTime());
      }
    } finally {
      stop.set(true);
      for (Thread t : threads) {
        t.join(30_000);
      }
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
    long flooded = floods.stream().mapToLong(FirstRequestFlood::sent).sum();
    double seconds = (System.nanoTime() - start) / 1e9;
    double share100 = attempted == 0 ? 0 : 100.0 * succeeded / attempted;
    out.printf(
        "flood: %d first requests in %.1f s (%.0f/s) from %d addresses%n",
        flooded, seconds, flooded / seconds, sources);
    out.printf(
        "real UEs: %d of %d bootstraps succeeded (%.2f %%), slowest %.1f ms%n",
        succeeded, attempted, share100, slowest / 1e6);
    out.flush();
    return share100 >= 99.0 ? 0 : 1;
  }
}
