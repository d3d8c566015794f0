package org.gbabsf.diameter.zn;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.testing.Fixtures;
import org.gbabsf.core.testing.MutableClock;
import org.gbabsf.core.zn.KeyService;
import org.gbabsf.core.zn.NafDirectory;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.PeerIdentity;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Who may ask on Zn: the NAF is the peer its connection was admitted as, never what the BIR's
 * Origin-Host claims; its group comes from that identity (host first, then realm).
 */
class ZnHandlerTest {

  private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

  @ParameterizedTest(name = "BIR from {2} on the connection of {0} ({1}) -> {3}")
  @CsvSource({
    "naf.home1.net,    home1.net,   naf.home1.net,    2001",
    "NAF.home1.net,    home1.net,   naf.home1.net,    2001",
    "xcap.partner.net, partner.net, xcap.partner.net, 2001",
    "xcap.partner.net, partner.net, naf.home1.net,    5402",
    "naf.home1.net,    home1.net,   other.home1.net,  5402",
    "hss1.home1.net,   home1.net,   hss1.home1.net,   5402",
  })
  void should_serve_only_the_connected_configured_naf_when_a_bir_arrives(
      String peerHost, String peerRealm, String birOriginHost, long expected) {
    MutableClock clock = new MutableClock(NOW);
    InMemorySessionStore sessions = new InMemorySessionStore(100, clock);
    SecurityAssociation session = Fixtures.session("user1@home1.net", NOW, Duration.ofHours(1));
    sessions.put(session).toCompletableFuture().join();
    ZnHandler handler =
        new ZnHandler(
            new KeyService(sessions, clock, Duration.ofSeconds(1)),
            new NafDirectory(Map.of("naf.home1.net", "g0"), Map.of("partner.net", "g1")),
            "bsf.home1.net",
            "home1.net",
            new SimpleMeterRegistry());
    var bir =
        ZnCodec.encodeBir(
            new ZnCodec.Bir(
                birOriginHost + ";1;1",
                birOriginHost,
                "home1.net",
                "home1.net",
                session.btid(),
                new NafId(birOriginHost, Hex.decode("0100000002")),
                List.of(),
                false));

    BiaResult answer =
        ZnCodec.decodeBia(
            handler
                .handle(bir, new PeerIdentity(peerHost, peerRealm))
                .toCompletableFuture()
                .join());

    if (expected == 2001) {
      assertThat(answer).isInstanceOf(BiaResult.Keys.class);
    } else {
      assertThat(answer).isEqualTo(new BiaResult.Refused(expected));
    }
  }

  @ParameterizedTest(name = "NAF {0} asks for NAF_Id {1} -> {2}")
  @CsvSource({
    "naf.fuzz.test, naf.fuzz.test,         2001",
    "naf.fuzz.test, other-naf.example.org, 5402",
    "naf.fuzz.test, xcap.home1.net,        5402",
    "xcap1.home1.net, xcap.home1.net,      2001",
    "xcap1.home1.net, ut.home1.net,        2001",
  })
  void should_give_keys_only_for_fqdns_the_naf_may_use_when_its_bir_names_a_naf_id(
      String naf, String fqdn, long expected) {
    MutableClock clock = new MutableClock(NOW);
    InMemorySessionStore sessions = new InMemorySessionStore(100, clock);
    SecurityAssociation session = Fixtures.session("user1@home1.net", NOW, Duration.ofHours(1));
    sessions.put(session).toCompletableFuture().join();
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    ZnHandler handler =
        new ZnHandler(
            new KeyService(sessions, clock, Duration.ofSeconds(1)),
            ZnHandler.authorisation(
                NafDirectory.byIdentity(Map.of("naf.fuzz.test", "g0", "xcap1.home1.net", "g1")),
                new org.gbabsf.core.zn.NafFqdnPolicy(
                    Map.of(
                        "g1", java.util.Set.of("xcap.home1.net"),
                        "xcap1.home1.net", java.util.Set.of("ut.home1.net")))),
            "bsf.home1.net",
            "home1.net",
            registry);
    var bir =
        ZnCodec.encodeBir(
            new ZnCodec.Bir(
                naf + ";1;1",
                naf,
                "home1.net",
                "home1.net",
                session.btid(),
                new NafId(fqdn, Hex.decode("0100000002")),
                List.of(),
                false));

    BiaResult answer =
        ZnCodec.decodeBia(
            handler.handle(bir, new PeerIdentity(naf, "home1.net")).toCompletableFuture().join());

    if (expected == 2001) {
      assertThat(answer).isInstanceOf(BiaResult.Keys.class);
      assertThat(registry.counter("bsf.zn.nafid.refused").count()).isZero();
    } else {
      assertThat(answer).isEqualTo(new BiaResult.Refused(expected));
      assertThat(registry.counter("bsf.zn.nafid.refused").count()).isEqualTo(1.0);
    }
  }
}
