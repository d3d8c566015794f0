package org.gbabsf.http.server;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.ub.ChallengeCause;
import org.gbabsf.core.ub.RejectReason;
import org.gbabsf.core.ub.TmpiAllocation;
import org.gbabsf.core.ub.UbOutcome;
import org.gbabsf.http.codec.UbResponseEncoder;

/**
 * Ub meters: {@code bsf.ub.responses} counts every answer by {@code status} and {@code outcome}
 * (e.g. {@code challenge_initial}, {@code bootstrapped}, {@code rejected_user_unknown}); {@code
 * bsf.ub.latency} times requests by {@code result}; {@code bsf.ub.tmpi} counts the TMPIs bootstraps
 * allocated ({@code allocated}) or could not store ({@code not_stored}). All meters are registered
 * up front so the hot path does no lookups.
 */
public final class UbMetrics {

  private final Map<ChallengeCause, Counter> challenges = new EnumMap<>(ChallengeCause.class);
  private final Map<RejectReason, Counter> rejections = new EnumMap<>(RejectReason.class);
  private final Counter bootstrapped;
  private final Map<TmpiAllocation, Counter> tmpis = new EnumMap<>(TmpiAllocation.class);
  private final Timer challengeLatency;
  private final Timer bootstrapLatency;
  private final Timer rejectLatency;

  /** Registers the meters in {@code registry}. */
  public UbMetrics(MeterRegistry registry) {
    for (ChallengeCause cause : ChallengeCause.values()) {
      challenges.put(cause, responses(registry, "401", "challenge_" + lower(cause.name())));
    }
    for (RejectReason reason : RejectReason.values()) {
      String status = Integer.toString(UbResponseEncoder.status(reason).code());
      rejections.put(reason, responses(registry, status, "rejected_" + lower(reason.name())));
    }
    bootstrapped = responses(registry, "200", "bootstrapped");
    for (TmpiAllocation a : List.of(TmpiAllocation.ALLOCATED, TmpiAllocation.NOT_STORED)) {
      tmpis.put(
          a,
          Counter.builder("bsf.ub.tmpi")
              .description("TMPIs bootstraps allocated, or could not store (TS 33.220 Annex B.4)")
              .tag("outcome", lower(a.name()))
              .register(registry));
    }
    challengeLatency = latency(registry, "challenge");
    bootstrapLatency = latency(registry, "bootstrapped");
    rejectLatency = latency(registry, "rejected");
  }

  /** Counts and times one answered request. */
  public void record(UbOutcome outcome, long elapsedNanos) {
    if (outcome instanceof UbOutcome.Challenge c) {
      challenges.get(c.cause()).increment();
      challengeLatency.record(elapsedNanos, TimeUnit.NANOSECONDS);
    } else if (outcome instanceof UbOutcome.Bootstrapped b) {
      bootstrapped.increment();
      Counter tmpi = tmpis.get(b.tmpi());
      if (tmpi != null) {
        tmpi.increment();
      }
      bootstrapLatency.record(elapsedNanos, TimeUnit.NANOSECONDS);
    } else {
      rejections.get(((UbOutcome.Rejected) outcome).reason()).increment();
      rejectLatency.record(elapsedNanos, TimeUnit.NANOSECONDS);
    }
  }

  private static Counter responses(MeterRegistry registry, String status, String outcome) {
    return Counter.builder("bsf.ub.responses")
        .description("Ub answers by HTTP status and outcome")
        .tag("status", status)
        .tag("outcome", outcome)
        .register(registry);
  }

  private static Timer latency(MeterRegistry registry, String result) {
    return Timer.builder("bsf.ub.latency")
        .description("Time from a complete Ub request to its answer being queued")
        .tag("result", result)
        .register(registry);
  }

  private static String lower(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
