package org.gbabsf.loadtest;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.sim.AkmaSubscriber;
import org.gbabsf.sba.akma.NaanfClient;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.sim.SimulatedAf;
import org.gbabsf.sba.sim.SimulatedAusf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest akma}: load on an AAnF (Naanf_AKMA, TS 29.535). First an AUSF registers anchor
 * keys at {@code --register-rate} for a population of UEs (each registration a new primary
 * authentication of the next UE, cycling, so later rounds replace earlier contexts); then an AF
 * retrieves K_AF at {@code --retrieve-rate} for UEs registered, and checks each key against the
 * UE's own derivation. Each phase reports its rate, latency and, with {@code --aanf-pid}, the
 * AAnF's CPU per call. The keys are never printed.
 */
@Command(
    name = "akma",
    mixinStandardHelpOptions = true,
    description =
        "Load an AAnF: AnchorKey_Register from an AUSF, then ApplicationKey_Get from an AF whose"
            + " every K_AF is checked against the UE's.")
final class AkmaCommand implements Callable<Integer> {

  @Option(
      names = "--aanf-url",
      defaultValue = "http://127.0.0.1:8082",
      description =
          "The AAnF's apiRoot: http:// (h2c) or https:// (h2) (default: ${DEFAULT-VALUE}).")
  URI aanf;

  @Option(
      names = "--ausf-token-file",
      paramLabel = "FILE",
      description = "The AUSF's access token (scopes naanf-akma naanf-akma:anchorkey).")
  Path ausfToken;

  @Option(
      names = "--af-token-file",
      paramLabel = "FILE",
      description = "The AF's access token (scopes naanf-akma naanf-akma:applicationkeyget).")
  Path afToken;

  @Option(names = "--trust", paramLabel = "PEM", description = "CAs of the AAnF's certificate.")
  Path trust;

  @Option(
      names = "--af-fqdn",
      defaultValue = "af.home1.net",
      description = "The AF's FQDN, sent as afId (default: ${DEFAULT-VALUE}).")
  String afFqdn;

  @Option(
      names = "--ua-protocol",
      defaultValue = "0100000002",
      description =
          "The AF's Ua* protocol id, 5 octets hex, as the AAnF maps it (default HTTP Digest).")
  String uaProtocol;

  @Option(names = "--population", defaultValue = "10000", description = "UEs registered.")
  int population;

  @Option(names = "--register-rate", defaultValue = "500", description = "Registrations a second.")
  double registerRate;

  @Option(names = "--retrieve-rate", defaultValue = "2000", description = "Retrievals a second.")
  double retrieveRate;

  @Option(
      names = "--duration",
      defaultValue = "30s",
      converter = DurationConverter.class,
      description = "Measured length of each phase (default: ${DEFAULT-VALUE}).")
  Duration duration;

  @Option(
      names = "--warmup",
      defaultValue = "10s",
      converter = DurationConverter.class,
      description = "Unmeasured load before each phase (default: ${DEFAULT-VALUE}).")
  Duration warmup;

  @Option(names = "--max-in-flight", defaultValue = "512", description = "Calls in flight at most.")
  int maxInFlight;

  @Option(
      names = "--aanf-pid",
      description = "PID of the AAnF (the BSF) on this host: its CPU per call, from /proc.")
  Long aanfPid;

  @Option(names = "--mcc", defaultValue = "001", description = "MCC of the UEs' SUPIs.")
  String mcc;

  @Option(names = "--mnc", defaultValue = "01", description = "MNC of the UEs' SUPIs.")
  String mnc;

  @Spec CommandSpec spec;

  /** How many UEs, from UE 0 on, have been registered at least once. */
  private final java.util.concurrent.atomic.AtomicLong registered =
      new java.util.concurrent.atomic.AtomicLong();

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    String problem = NbspAccess.problem("--aanf-url", aanf);
    if (problem != null || population < 1 || registerRate <= 0 || retrieveRate <= 0) {
      spec.commandLine()
          .getErr()
          .println(problem != null ? problem : "--population and the rates must be positive");
      return 2;
    }
    byte[] ua = Hex.decode(uaProtocol);
    try (SbiClient sbi = new SbiClient(clientSettings(), new SimpleMeterRegistry())) {
      Duration timeout = Duration.ofSeconds(5);
      SimulatedAusf ausf =
          new SimulatedAusf(new NaanfClient(sbi, aanf, NbspAccess.token(ausfToken), timeout));
      SimulatedAf af =
          new SimulatedAf(
              new NaanfClient(sbi, aanf, NbspAccess.token(afToken), timeout), afFqdn, ua);
      // epochs[n]: the primary authentication UE n last registered (0: none yet)
      AtomicLongArray epochs = new AtomicLongArray(population);
      long run = System.currentTimeMillis();
      LongSupplier cpu = () -> aanfPid == null ? -1 : ProcCpu.nanos(aanfPid);
      out.printf(
          "AKMA load on %s: %d UEs, register %.0f/s, retrieve %.0f/s, %s each after %s warm-up%n",
          aanf, population, registerRate, retrieveRate, duration, warmup);
      AkmaLoad.Phase registered =
          phase(out, "register", registerRate, cpu, i -> register(ausf, epochs, run, i));
      AkmaLoad.Phase retrieved =
          phase(out, "retrieve", retrieveRate, cpu, i -> retrieve(af, epochs, run));
      long wrong = retrieved.failures().getOrDefault("disagreed", 0L);
      return wrong == 0 && registered.ok() > 0 && retrieved.ok() > 0 ? 0 : 1;
    }
  }

  /** Enough connections for --max-in-flight calls at the client's streams per connection. */
  private SbiClientSettings clientSettings() {
    SbiClientSettings b = NbspAccess.settings("akma", aanf, null, null, trust);
    int connections =
        Math.max(
            b.connectionsPerOrigin(),
            (maxInFlight + b.maxStreamsPerConnection() - 1) / b.maxStreamsPerConnection());
    return new SbiClientSettings(
        b.name(),
        b.ioThreads(),
        connections,
        b.maxStreamsPerConnection(),
        b.connectTimeout(),
        b.maxResponseBody(),
        b.maxRedirects(),
        b.redirectTargets(),
        b.keepalive(),
        b.tls());
  }

  private AkmaLoad.Phase phase(
      PrintWriter out,
      String name,
      double rate,
      LongSupplier cpu,
      java.util.function.LongFunction<CompletableFuture<String>> call) {
    AkmaLoad.run(name, rate, warmup, maxInFlight, call, () -> -1);
    AkmaLoad.Phase p = AkmaLoad.run(name, rate, duration, maxInFlight, call, cpu);
    Histogram h = p.latency();
    out.printf(
        "%-8s %8.1f/s ok (%d started), latency p50 %.2f ms p99 %.2f ms max %.2f ms%s%n",
        p.name(),
        p.okPerSecond(),
        p.started(),
        h.getValueAtPercentile(50) / 1000.0,
        h.getValueAtPercentile(99) / 1000.0,
        h.getMaxValue() / 1000.0,
        p.cpuMillisPerCall() < 0
            ? ""
            : String.format(", AAnF CPU %.3f ms per call", p.cpuMillisPerCall()));
    for (Map.Entry<String, Long> f : p.failures().entrySet()) {
      out.printf("         %s: %d%n", f.getKey(), f.getValue());
    }
    out.flush();
    return p;
  }

  /** Registers the next UE (call {@code i}) after a new primary authentication. */
  private CompletableFuture<String> register(
      SimulatedAusf ausf, AtomicLongArray epochs, long run, long i) {
    int n = (int) (i % population);
    long epoch = run + i / population + 1;
    return ausf.authenticated(AkmaSubscriber.of(mcc, mnc, n, epoch))
        .thenApply(
            r -> {
              if (r instanceof NaanfClient.Result.Registered) {
                epochs.accumulateAndGet(n, epoch, Math::max);
                registered.accumulateAndGet(n + 1L, Math::max);
                return "ok";
              }
              return tag(r);
            });
  }

  /** Retrieves K_AF for a UE registered in the first phase, checked against the UE's. */
  private CompletableFuture<String> retrieve(SimulatedAf af, AtomicLongArray epochs, long run) {
    // Registrations go through the UEs in order: the first ones registered are 0..registered-1.
    int n =
        ThreadLocalRandom.current()
            .nextInt((int) Math.max(1, Math.min(population, registered.get())));
    long epoch = epochs.get(n);
    if (epoch == 0) {
      return CompletableFuture.completedFuture("UE never registered");
    }
    return af.retrieve(AkmaSubscriber.of(mcc, mnc, n, epoch), false)
        .thenApply(
            o -> {
              if (o instanceof SimulatedAf.Outcome.Agreed) {
                return "ok";
              }
              if (o instanceof SimulatedAf.Outcome.Disagreed) {
                return "disagreed";
              }
              return tag(((SimulatedAf.Outcome.NoKey) o).result());
            });
  }

  private static String tag(NaanfClient.Result r) {
    if (r instanceof NaanfClient.Result.Refused f) {
      return "refused " + NbspAccess.refusal(f.status(), f.problem());
    }
    if (r instanceof NaanfClient.Result.Failed f) {
      return "failed: " + f.reason();
    }
    if (r instanceof NaanfClient.Result.NoContent) {
      return "204 no context";
    }
    return "unexpected: " + r.getClass().getSimpleName();
  }
}
