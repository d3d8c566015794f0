package org.gbabsf.core.ub;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.port.PortCalls;
import org.gbabsf.core.port.TmpiStore;
import org.gbabsf.core.ub.UbOutcome.Rejected;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TMPI half of Ub (TS 33.220 §4.5.2, Annex B.4): which IMPI a Digest username names, and the
 * TMPI a bootstrap allocates for the UE's next one.
 *
 * <ul>
 *   <li>A username in the realm {@code tmpi.bsf.3gppnetwork.org} is a TMPI: the BSF "recognises
 *       from the structure of the username parameter … whether a TMPI or an IMPI was sent" and
 *       looks the IMPI up. One it does not know (expired, lost with a node's memory, another BSF's,
 *       or not of the Annex B.4 form) is refused with {@link RejectReason#TMPI_UNKNOWN}, a 403, on
 *       which the UE deletes its TMPI and bootstraps with its IMPI. Only the first request is
 *       looked up: the challenge an answer takes names the IMPI ({@link #isMappable}).
 *   <li>After a bootstrap by a UE that announced {@code 3gpp-gba-tmpi}, the TMPI of Annex B.4 is
 *       derived from the new Ks and RAND and mapped to the IMPI for {@code ub.tmpi.lifetime}; the
 *       UE derives the same value itself.
 * </ul>
 *
 * The store's failures: a lookup that fails is a 503 (the UE retries); a mapping that cannot be
 * written does not fail the bootstrap, whose session is stored: the UE's next bootstrap with that
 * TMPI gets the 403 above and falls back to its IMPI.
 */
public final class TmpiService {

  private static final Logger log = LoggerFactory.getLogger(TmpiService.class);

  private final TmpiStore store;
  private final String bsfName;
  private final Optional<Duration> lifetime;
  private final Duration storeTimeout;

  /** What a username names: an IMPI, or a refusal. */
  public sealed interface Resolution {
    /**
     * The username names {@code impi}.
     *
     * @param impi the IMPI
     * @param viaTmpi whether the username was a TMPI
     */
    record Identified(Impi impi, boolean viaTmpi) implements Resolution {}

    /**
     * The username names no one this BSF may serve.
     *
     * @param rejection the answer
     */
    record Refused(Rejected rejection) implements Resolution {}
  }

  /**
   * TMPIs over {@code store}.
   *
   * @param store the TMPI → IMPI mapping
   * @param bsfName the BSF's DNS name, the domain of its B-TIDs (TS 33.220 Annex B.4's BSF_Id)
   * @param lifetime how long a mapping is kept; empty when the BSF allocates no TMPIs
   * @param storeTimeout the budget of one store call
   */
  public TmpiService(
      TmpiStore store, String bsfName, Optional<Duration> lifetime, Duration storeTimeout) {
    this.store = store;
    this.bsfName = bsfName;
    this.lifetime = lifetime;
    this.storeTimeout = storeTimeout;
  }

  /** Whether this BSF allocates TMPIs (and says so with {@code 3gpp-gba-tmpi} in Server). */
  public boolean enabled() {
    return lifetime.isPresent();
  }

  /**
   * Whether {@code username} is a TMPI of the Annex B.4 form while this BSF maps TMPIs: one whose
   * answer to a challenge needs no lookup, as the challenge names the IMPI.
   */
  public boolean isMappable(String username) {
    return enabled() && Tmpi.parse(username).isPresent();
  }

  /** The IMPI {@code username} names; the stage never completes exceptionally. */
  public CompletionStage<Resolution> resolve(String username) {
    if (!Tmpi.inTmpiRealm(username)) {
      if (!Impi.isValid(username)) {
        return done(refuse(RejectReason.MALFORMED_REQUEST, "username is not a valid IMPI"));
      }
      return done(new Resolution.Identified(new Impi(username), false));
    }
    Optional<Tmpi> tmpi = Tmpi.parse(username);
    if (tmpi.isEmpty()) {
      log.debug("Ub: a username in the TMPI realm without the form of TS 33.220 Annex B.4");
      return done(unknown());
    }
    if (!enabled()) {
      return done(unknown());
    }
    return PortCalls.within(storeTimeout, () -> store.find(tmpi.get()))
        .handle(
            (found, error) -> {
              if (error != null) {
                log.debug("Ub: TMPI lookup failed: {}", error.toString());
                return refuse(RejectReason.STORE_UNAVAILABLE, "TMPI store unavailable");
              }
              if (found.isEmpty()) {
                log.debug("Ub: unknown TMPI {}", tmpi.get());
                return unknown();
              }
              return new Resolution.Identified(found.get(), true);
            });
  }

  /**
   * Maps the TMPI of a bootstrap to its IMPI when the UE announced {@code 3gpp-gba-tmpi}; the stage
   * never completes exceptionally.
   *
   * @param wanted whether the UE announced {@code 3gpp-gba-tmpi}
   * @param ks the new Ks
   * @param rand the new RAND
   * @param impi the IMPI
   * @param now the bootstrap's time, from which the mapping's expiry counts
   */
  public CompletionStage<TmpiAllocation> allocate(
      boolean wanted, byte[] ks, Rand rand, Impi impi, Instant now) {
    if (!wanted || lifetime.isEmpty()) {
      return CompletableFuture.completedFuture(TmpiAllocation.NOT_ASKED);
    }
    Tmpi tmpi = Tmpi.derive(ks, rand, impi, bsfName);
    Instant expiresAt = now.plus(lifetime.get());
    return PortCalls.within(storeTimeout, () -> store.put(tmpi, impi, expiresAt))
        .handle(
            (ignored, error) -> {
              if (error != null) {
                log.debug(
                    "Ub: TMPI not stored, the UE will fall back to its IMPI: {}", error.toString());
                return TmpiAllocation.NOT_STORED;
              }
              return TmpiAllocation.ALLOCATED;
            });
  }

  /**
   * Forgets the TMPI a successful bootstrap was run under, if {@code username} is one: the UE holds
   * the next one now. The stage never completes exceptionally; a removal that fails leaves the old
   * TMPI to expire (DEBUG), and a UE that lost the 200 and presents it again gets the 403 above.
   */
  public CompletionStage<Void> retire(String username) {
    Optional<Tmpi> tmpi = Tmpi.parse(username);
    if (!enabled() || tmpi.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    return PortCalls.within(storeTimeout, () -> store.remove(tmpi.get()))
        .handle(
            (ignored, error) -> {
              if (error != null) {
                log.debug("Ub: a used TMPI was not removed; it expires: {}", error.toString());
              }
              return null;
            });
  }

  private static Resolution unknown() {
    return refuse(RejectReason.TMPI_UNKNOWN, "unknown TMPI: bootstrap again with the IMPI");
  }

  private static Resolution refuse(RejectReason reason, String detail) {
    return new Resolution.Refused(new Rejected(reason, detail));
  }

  private static CompletionStage<Resolution> done(Resolution r) {
    return CompletableFuture.completedFuture(r);
  }
}
