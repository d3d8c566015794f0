package org.gbabsf.loadtest;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.loadtest.report.JsonFile;
import org.gbabsf.store.cassandra.CassandraChallengeStore;
import org.gbabsf.store.cassandra.CassandraSessionStore;
import org.gbabsf.store.cassandra.CassandraSettings;
import org.gbabsf.store.cassandra.CassandraStores;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest storage-limit}: the storage work of one bootstrap in {@code store.challenges:
 * cassandra} mode (write the pending challenge, take it: read then delete, write the session),
 * driven raw through the BSF's own Cassandra store classes, with the same statements, consistency
 * and throttling, as fast as Cassandra answers. The rate it reaches is the ceiling a BSF on that
 * Cassandra can approach; the BSF's throughput is reported as a fraction of it.
 */
@Command(
    name = "storage-limit",
    mixinStandardHelpOptions = true,
    description = "Drive a bootstrap's CQL operations at the maximum rate; report the ceiling.")
final class StorageLimitCommand implements Callable<Integer> {

  @Option(
      names = "--contact-points",
      defaultValue = "127.0.0.1:9042",
      description = "Cassandra contact points, host:port, comma-separated.")
  String contactPoints;

  @Option(names = "--local-datacenter", defaultValue = "datacenter1", description = "Local DC.")
  String localDatacenter;

  @Option(
      names = "--keyspace",
      defaultValue = "bsf_storage_limit",
      description = "Keyspace (created with the BSF's schema if missing).")
  String keyspace;

  @Option(names = "--consistency", defaultValue = "LOCAL_QUORUM", description = "Consistency.")
  String consistency;

  @Option(
      names = "--in-flight",
      defaultValue = "128",
      description = "Bootstrap sequences in flight (the driver's throttler allows as many).")
  int inFlight;

  @Option(
      names = "--warm-up",
      defaultValue = "60s",
      converter = DurationConverter.class,
      description = "Warm-up before measuring (JIT of both JVMs).")
  Duration warmUp;

  @Option(
      names = "--duration",
      defaultValue = "60s",
      converter = DurationConverter.class,
      description = "Measurement period.")
  Duration duration;

  @Option(
      names = "--cassandra-pid",
      description = "PID of the Cassandra node, to report its CPU per sequence.")
  Long cassandraPid;

  @Option(names = "--json", description = "Write the figures to this file.")
  Path json;

  @Spec CommandSpec spec;

  private final Recorder latency = new Recorder(3);
  private final LongAdder done = new LongAdder();
  private final LongAdder failed = new LongAdder();

  @Override
  public Integer call() throws InterruptedException, IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (duration.isZero() || duration.isNegative() || inFlight < 1) {
      spec.commandLine()
          .getErr()
          .println("storage-limit: --duration and --in-flight must be positive");
      return 2;
    }
    List<InetSocketAddress> points = new ArrayList<>();
    for (String p : contactPoints.split(",")) {
      String[] hp = p.strip().split(":");
      points.add(new InetSocketAddress(hp[0], hp.length > 1 ? Integer.parseInt(hp[1]) : 9042));
    }
    CassandraSettings local = CassandraSettings.forLocal(points, localDatacenter, keyspace);
    CassandraSettings settings =
        new CassandraSettings(
            local.contactPoints(),
            local.localDatacenter(),
            local.keyspace(),
            local.replication(),
            consistency,
            local.requestTimeout(),
            inFlight,
            local.maxQueuedRequests(),
            true,
            false,
            local.challengeTtl(),
            local.sessionTtl(),
            local.tmpiTtl(),
            "",
            "",
            0);
    Guss guss = new SimulatedGuss(Duration.ofHours(1)).forUser(new Impi("user0@home1.net"));
    try (CassandraStores stores =
        CassandraStores.connect(
            settings,
            Clock.systemUTC(),
            new SimpleMeterRegistry(),
            // Sealed as in production, under a key ring made for this run.
            org.gbabsf.store.cassandra.CassandraSecurity.sealedBy(
                org.gbabsf.core.seal.Sealer.with(
                    org.gbabsf.core.seal.KeyRing.parse(
                        org.gbabsf.core.seal.KeyRing.newEntry(
                            1, new java.security.SecureRandom())))))) {
      CassandraChallengeStore challenges = stores.challengeStore();
      CassandraSessionStore sessions = stores.sessionStore();
      Semaphore permits = new Semaphore(inFlight);
      long warmEnd = System.nanoTime() + warmUp.toNanos();
      long end = warmEnd + duration.toNanos();
      long doneAtStart = -1;
      long failedAtStart = 0;
      long cpuAtStart = -1;
      while (System.nanoTime() < end) {
        if (doneAtStart < 0 && System.nanoTime() >= warmEnd) {
          doneAtStart = done.sum();
          failedAtStart = failed.sum();
          cpuAtStart = cassandraCpuNanos();
          latency.reset();
        }
        permits.acquire();
        long started = System.nanoTime();
        CompletionStage<Void> sequence;
        try {
          sequence = sequence(challenges, sessions, guss);
        } catch (RuntimeException e) {
          sequence = CompletableFuture.failedFuture(e);
        }
        sequence.whenComplete(
            (ok, error) -> {
              if (error == null) {
                latency.recordValue(System.nanoTime() - started);
                done.increment();
              } else {
                failed.increment();
              }
              permits.release();
            });
      }
      permits.acquire(inFlight);
      long sequences = done.sum() - doneAtStart;
      long failures = failed.sum() - failedAtStart;
      long cpu = cpuAtStart < 0 ? -1 : cassandraCpuNanos() - cpuAtStart;
      double seconds = duration.toNanos() / 1e9;
      var h = latency.getIntervalHistogram();
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("sequencesPerSecond", sequences / seconds);
      f.put("operationsPerSecond", 4 * sequences / seconds);
      f.put("failures", failures);
      f.put("inFlight", inFlight);
      f.put("consistency", consistency);
      f.put("sequenceP50Ms", h.getValueAtPercentile(50) / 1e6);
      f.put("sequenceP99Ms", h.getValueAtPercentile(99) / 1e6);
      if (cpu >= 0 && sequences > 0) {
        f.put("cassandraCpuPerSequenceMs", cpu / 1e6 / sequences);
      }
      out.printf(
          Locale.ROOT,
          "storage limit: %,.0f bootstrap sequences/s (insert challenge, read it, delete it,"
              + " insert session; %,.0f CQL ops/s), p50 %.2f ms, p99 %.2f ms per sequence,"
              + " %d failures, %d in flight, %s%s%n",
          sequences / seconds,
          4 * sequences / seconds,
          h.getValueAtPercentile(50) / 1e6,
          h.getValueAtPercentile(99) / 1e6,
          failures,
          inFlight,
          consistency,
          f.containsKey("cassandraCpuPerSequenceMs")
              ? String.format(
                  Locale.ROOT,
                  ", Cassandra CPU %.3f ms per sequence",
                  (double) f.get("cassandraCpuPerSequenceMs"))
              : "");
      out.flush();
      if (json != null) {
        JsonFile.write(json, f);
      }
      return failures == 0 ? 0 : 1;
    }
  }

  /** One bootstrap's storage work, as the BSF does it in store.challenges=cassandra mode. */
  private static CompletionStage<Void> sequence(
      CassandraChallengeStore challenges, CassandraSessionStore sessions, Guss guss) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    byte[] r = new byte[16];
    random.nextBytes(r);
    Rand rand = Rand.of(r);
    Impi impi = new Impi("user" + random.nextInt(100_000) + "@home1.net");
    AuthenticationVector av =
        new AuthenticationVector(rand, bytes(16), bytes(8), bytes(16), bytes(16));
    Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    return challenges
        .put(new PendingChallenge(impi, av, guss, now), Duration.ofMinutes(5))
        .thenCompose(x -> challenges.take(rand))
        .thenCompose(
            taken -> {
              if (taken.isEmpty()) {
                return CompletableFuture.failedFuture(
                    new IllegalStateException("challenge not read back"));
              }
              byte[] ks = new byte[32];
              ThreadLocalRandom.current().nextBytes(ks);
              return sessions.put(
                  new SecurityAssociation(
                      BTid.of(rand, "bsf.home1.net"),
                      impi,
                      ks,
                      rand,
                      now,
                      now.plus(Duration.ofHours(1)),
                      guss,
                      GbaType.THREE_G));
            });
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    ThreadLocalRandom.current().nextBytes(b);
    return b;
  }

  private long cassandraCpuNanos() {
    return cassandraPid == null ? -1 : ProcCpu.nanos(cassandraPid);
  }
}
