package org.gbabsf.core.ub;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The knobs of the Ub use case, validated by the server's configuration before they get here.
 *
 * @param bsfName BSF server name, the domain part of B-TIDs (TS 33.220 §4.5.2)
 * @param realm the Digest realm
 * @param challengeValidity how long a 401 may be answered
 * @param maxLifetime upper bound of a session's lifetime
 * @param maxFailures wrong responses tolerated per IMPI within {@code failureWindow}
 * @param failureWindow the window for {@code maxFailures}
 * @param hssTimeout budget for an HSS answer
 * @param storeTimeout budget for a store operation
 * @param tmpiLifetime how long a TMPI maps to its IMPI (TS 33.220 Annex B.4); empty when the BSF
 *     allocates no TMPIs
 */
public record UbPolicy(
    String bsfName,
    String realm,
    Duration challengeValidity,
    Duration maxLifetime,
    int maxFailures,
    Duration failureWindow,
    Duration hssTimeout,
    Duration storeTimeout,
    Optional<Duration> tmpiLifetime) {

  /** Checks nulls and signs; semantic validation with user-facing messages is the config's. */
  public UbPolicy {
    Objects.requireNonNull(bsfName, "bsfName");
    Objects.requireNonNull(realm, "realm");
    if (challengeValidity.isNegative()
        || challengeValidity.isZero()
        || maxLifetime.isNegative()
        || maxLifetime.isZero()
        || maxFailures < 1
        || hssTimeout.isZero()
        || storeTimeout.isZero()
        || tmpiLifetime.filter(d -> d.isNegative() || d.isZero()).isPresent()) {
      throw new IllegalArgumentException("policy durations and limits must be positive");
    }
  }

  /** A policy under which the BSF allocates no TMPIs. */
  public UbPolicy(
      String bsfName,
      String realm,
      Duration challengeValidity,
      Duration maxLifetime,
      int maxFailures,
      Duration failureWindow,
      Duration hssTimeout,
      Duration storeTimeout) {
    this(
        bsfName,
        realm,
        challengeValidity,
        maxLifetime,
        maxFailures,
        failureWindow,
        hssTimeout,
        storeTimeout,
        Optional.empty());
  }

  /** This policy with TMPIs kept for {@code lifetime}. */
  public UbPolicy withTmpis(Duration lifetime) {
    return new UbPolicy(
        bsfName,
        realm,
        challengeValidity,
        maxLifetime,
        maxFailures,
        failureWindow,
        hssTimeout,
        storeTimeout,
        Optional.of(lifetime));
  }

  /** Defaults matching docs/configuration.md except TMPIs (off), for tests and embedding. */
  public static UbPolicy defaults(String bsfName) {
    return new UbPolicy(
        bsfName,
        bsfName,
        Duration.ofMinutes(5),
        Duration.ofHours(1),
        3,
        Duration.ofMinutes(5),
        Duration.ofSeconds(2),
        Duration.ofSeconds(2));
  }
}
