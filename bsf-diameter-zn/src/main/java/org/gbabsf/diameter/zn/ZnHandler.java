package org.gbabsf.diameter.zn;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.gbabsf.core.zn.KeyService;
import org.gbabsf.core.zn.NafFqdnPolicy;
import org.gbabsf.core.zn.ZnOutcome;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.PeerIdentity;
import org.gbabsf.diameter.RequestHandler;
import org.gbabsf.diameter.base.BaseAvps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BSF's Zn server (TS 29.109 §5): a {@link RequestHandler} for BIRs on the Diameter node.
 * Decodes with {@link ZnCodec}, asks the {@link KeyService} (one session read, key derived per
 * request), encodes the BIA; never blocks a stack thread. A NAF is known by the identity its
 * connection was admitted with at CER (host, else realm), which gives its NAF group ({@link
 * NafGroups}); a BIR whose Origin-Host is not that connected peer (a NAF speaking for another), or
 * from a peer that is no configured NAF (an HSS), is refused with 5402, and so is a BIR whose
 * NAF_Id names an FQDN that NAF may not use ({@link NafFqdnPolicy}, TS 33.220 §4.5.3).
 */
public final class ZnHandler implements RequestHandler {

  private static final Logger log = LoggerFactory.getLogger(ZnHandler.class);

  private final KeyService keys;
  private final NafGroups nafGroups;
  private final NafFqdnPolicy fqdns;
  private final Counter fqdnRefusals;
  private final java.util.concurrent.atomic.AtomicLong lastFqdnWarning =
      new java.util.concurrent.atomic.AtomicLong();
  private final String originHost;
  private final String originRealm;
  private final MeterRegistry registry;
  private final ConcurrentHashMap<String, Counter> answers = new ConcurrentHashMap<>();

  /**
   * A handler answering as {@code originHost}/{@code originRealm} to the NAFs of {@code nafGroups},
   * each for its own identity only.
   */
  public ZnHandler(
      KeyService keys,
      NafGroups nafGroups,
      String originHost,
      String originRealm,
      MeterRegistry registry) {
    this(keys, nafGroups, NafFqdnPolicy.ownIdentityOnly(), originHost, originRealm, registry);
  }

  /**
   * A handler answering as {@code originHost}/{@code originRealm} to the NAFs of {@code nafGroups},
   * for the NAF_Id FQDNs {@code fqdns} allows them.
   */
  public ZnHandler(
      KeyService keys,
      NafGroups nafGroups,
      NafFqdnPolicy fqdns,
      String originHost,
      String originRealm,
      MeterRegistry registry) {
    this.keys = keys;
    this.nafGroups = nafGroups;
    this.fqdns = fqdns;
    this.fqdnRefusals =
        Counter.builder("bsf.zn.nafid.refused")
            .description("BIRs refused (5402) for a NAF_Id FQDN the NAF may not use")
            .register(registry);
    this.originHost = originHost;
    this.originRealm = originRealm;
    this.registry = registry;
  }

  @Override
  public CompletionStage<DiameterMessage> handle(DiameterMessage bir, PeerIdentity from) {
    ZnCodec.BirDecoded decoded = ZnCodec.decodeBir(bir);
    if (decoded instanceof ZnCodec.BirDecoded.Invalid invalid) {
      count(Long.toString(invalid.resultCode()));
      return CompletableFuture.completedFuture(
          ZnCodec.encodeBiaInvalid(bir, originHost, originRealm, invalid));
    }
    ZnCodec.BirDecoded.Valid v = (ZnCodec.BirDecoded.Valid) decoded;
    Optional<String> naf = bir.first(BaseAvps.ORIGIN_HOST, 0).map(Avp::utf8);
    if (!from.is(naf.orElse(null))) {
      log.debug(
          "Zn: BIR with Origin-Host {} on the connection of {}", naf.orElse("?"), from.host());
      count("5402");
      return CompletableFuture.completedFuture(
          ZnCodec.encodeBia(
              bir, originHost, originRealm, new ZnOutcome.NotAuthorised("not the connected NAF")));
    }
    String group = nafGroups.groupOf(from.host(), from.realm()).orElse(null);
    if (group == null) {
      log.debug("Zn: BIR from {}, which is no configured NAF", from.host());
      count("5402");
      return CompletableFuture.completedFuture(
          ZnCodec.encodeBia(
              bir, originHost, originRealm, new ZnOutcome.NotAuthorised("unknown NAF")));
    }
    if (!fqdns.allows(from.host(), group, v.nafId().fqdn())) {
      fqdnRefusals.increment();
      logFqdnRefusal(from.host(), v.nafId().fqdn());
      count("5402");
      return CompletableFuture.completedFuture(
          ZnCodec.encodeBia(
              bir,
              originHost,
              originRealm,
              new ZnOutcome.NotAuthorised("NAF_Id FQDN not allowed for this NAF")));
    }
    return keys.handle(
            new KeyService.Request(v.btid(), v.nafId(), group, v.services(), v.gbaUAware()))
        .thenApply(
            outcome -> {
              count(result(outcome));
              return ZnCodec.encodeBia(bir, originHost, originRealm, outcome);
            });
  }

  /** WARN at most once a second (a misconfigured NAF repeats itself), else DEBUG. */
  private void logFqdnRefusal(String naf, String fqdn) {
    long now = System.nanoTime();
    long last = lastFqdnWarning.get();
    String text = "Zn: NAF {} asked for the key of NAF_Id FQDN {}, which it may not use: 5402";
    if (now - last > 1_000_000_000L && lastFqdnWarning.compareAndSet(last, now)) {
      log.warn(text, printable(naf), printable(fqdn));
    } else {
      log.debug(text, printable(naf), printable(fqdn));
    }
  }

  /** A peer-supplied name made safe for a log line: printable ASCII, at most 128 characters. */
  private static String printable(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length() && b.length() < 128; i++) {
      char c = s.charAt(i);
      b.append(c > 0x20 && c < 0x7f ? c : '?');
    }
    return s.length() > 128 ? b + "…" : b.toString();
  }

  private static String result(ZnOutcome o) {
    if (o instanceof ZnOutcome.Keys) {
      return "2001";
    }
    if (o instanceof ZnOutcome.UnknownBtid) {
      return "5403";
    }
    if (o instanceof ZnOutcome.NotAuthorised) {
      return "5402";
    }
    return "3002";
  }

  private void count(String result) {
    answers
        .computeIfAbsent(
            result,
            r ->
                Counter.builder("bsf.zn.answers")
                    .description("Zn BIAs by result code")
                    .tag("result", r)
                    .register(registry))
        .increment();
  }
}
