package org.gbabsf.diameter.zn;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.gbabsf.core.zn.KeyService;
import org.gbabsf.core.zn.NafAuthorisation;
import org.gbabsf.core.zn.NafDirectory;
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
 * connection was admitted with at CER (host, else realm); a BIR whose Origin-Host is not that
 * connected peer (a NAF speaking for another) is refused with 5402, and the rest is the one NAF
 * rule of every interface ({@link NafAuthorisation}): a peer that is no configured NAF (an HSS), or
 * a NAF_Id naming an FQDN that NAF may not use (TS 33.220 §4.5.3), gets 5402 too.
 */
public final class ZnHandler implements RequestHandler {

  private static final Logger log = LoggerFactory.getLogger(ZnHandler.class);

  private final KeyService keys;
  private final NafAuthorisation nafs;
  private final Counter fqdnRefusals;
  private final String originHost;
  private final String originRealm;
  private final MeterRegistry registry;
  private final ConcurrentHashMap<String, Counter> answers = new ConcurrentHashMap<>();

  /**
   * A handler answering as {@code originHost}/{@code originRealm} to the NAFs of {@code nafs}, each
   * for its own identity only.
   */
  public ZnHandler(
      KeyService keys,
      NafDirectory nafs,
      String originHost,
      String originRealm,
      MeterRegistry registry) {
    this(
        keys,
        authorisation(nafs, NafFqdnPolicy.ownIdentityOnly()),
        originHost,
        originRealm,
        registry);
  }

  /**
   * A handler answering as {@code originHost}/{@code originRealm} to the NAFs {@code nafs}
   * authorises.
   */
  public ZnHandler(
      KeyService keys,
      NafAuthorisation nafs,
      String originHost,
      String originRealm,
      MeterRegistry registry) {
    this.keys = keys;
    this.nafs = nafs;
    this.fqdnRefusals =
        Counter.builder("bsf.zn.nafid.refused")
            .description("BIRs refused (5402) for a NAF_Id FQDN the NAF may not use")
            .register(registry);
    this.originHost = originHost;
    this.originRealm = originRealm;
    this.registry = registry;
  }

  /** The Zn rule over {@code nafs} and {@code fqdns}: a refusal is answered 5402. */
  public static NafAuthorisation authorisation(NafDirectory nafs, NafFqdnPolicy fqdns) {
    return new NafAuthorisation("Zn", "5402", nafs, fqdns);
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
    NafAuthorisation.Decision decision =
        nafs.authorise(List.of(from.host()), from.realm(), v.nafId().fqdn());
    if (decision instanceof NafAuthorisation.Decision.Authorised a) {
      return keys.handle(a.request(v.btid(), v.nafId(), v.services(), v.gbaUAware()))
          .thenApply(
              outcome -> {
                count(result(outcome));
                return ZnCodec.encodeBia(bir, originHost, originRealm, outcome);
              });
    }
    String reason;
    if (decision instanceof NafAuthorisation.Decision.FqdnNotAllowed) {
      fqdnRefusals.increment();
      reason = "NAF_Id FQDN not allowed for this NAF";
    } else {
      reason = "unknown NAF";
    }
    count("5402");
    return CompletableFuture.completedFuture(
        ZnCodec.encodeBia(bir, originHost, originRealm, new ZnOutcome.NotAuthorised(reason)));
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
