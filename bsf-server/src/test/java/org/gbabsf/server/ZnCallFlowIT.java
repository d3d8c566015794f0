package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UeAuthenticator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Key agreement end to end, over real sockets: the UE bootstraps on Ub (BSF ↔ HSS simulator on Zh),
 * then a NAF asks the BSF on Zn for the key of the UE's B-TID; the NAF's Ks_ext_NAF must equal the
 * one the UE derives itself (TS 33.220 §4.5.3, Annex B.3).
 */
class ZnCallFlowIT {

  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(1000, "home1.net");
  private static final NafId NAF_ID = new NafId("naf.home1.net", Hex.decode("0100000002"));

  private final TestBsf bsfs = new TestBsf();
  private ZhHssSimulator hss;
  private BsfContext bsf;

  @BeforeEach
  void start() throws Exception {
    hss = bsfs.startHss(SUBSCRIBERS, Duration.ofHours(1));
    bsf = startBsf(hss);
  }

  private BsfContext startBsf(ZhHssSimulator on) throws InterruptedException {
    Map<String, String> s = TestBsf.onZh(on);
    s.put("zn.enabled", "true");
    s.put("zn.nafs", "naf.home1.net=default,mbms.home1.net=mbms");
    s.put("zn.naf-realms", "partner.net=default");
    BsfContext started = bsfs.start(s);
    assertThat(Poll.until(() -> started.zh().orElseThrow().isAvailable(), Duration.ofSeconds(20)))
        .isTrue();
    return started;
  }

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
  }

  private NafClient naf(String host) {
    return bsfs.connectedNaf(host, "home1.net", bsf);
  }

  private GbaUe.Result.Bootstrapped bootstrap(int n) throws Exception {
    return bootstrap(bsf, n);
  }

  private GbaUe.Result.Bootstrapped bootstrap(BsfContext on, int n) throws Exception {
    GbaUe ue =
        new GbaUe(
            bsfs.client(on),
            new UeAuthenticator(
                new SimulatedUsim(SUBSCRIBERS.find(SUBSCRIBERS.impi(n)).orElseThrow()), "/"),
            REALM,
            "/");
    return (GbaUe.Result.Bootstrapped) await(ue.bootstrap());
  }

  /** Asks for the key of the NAF's own FQDN, the only one it may use by default. */
  private static BiaResult ask(NafClient naf, String btid) throws Exception {
    return ask(naf, btid, naf.originHost());
  }

  private static BiaResult ask(NafClient naf, String btid, String fqdn) throws Exception {
    NafId nafId = new NafId(fqdn, NAF_ID.uaSecurityProtocolId());
    return await(naf.query(new BTid(btid), nafId, List.of(), false, Duration.ofSeconds(5)));
  }

  private static BiaResult askUnchecked(NafClient naf, String btid) {
    try {
      return ask(naf, btid);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void should_give_the_naf_the_key_the_ue_derives_when_the_ue_bootstrapped() throws Exception {
    GbaUe.Result.Bootstrapped ue = bootstrap(1);
    NafClient naf = naf("naf.home1.net");

    BiaResult answer = ask(naf, ue.btid());

    assertThat(answer).isInstanceOf(BiaResult.Keys.class);
    BiaResult.Keys keys = (BiaResult.Keys) answer;
    byte[] ueKey =
        GbaKdf.ksNaf(
            ue.ks(), GbaKdf.GBA_ME, ue.rand(), SUBSCRIBERS.impi(1).value(), NAF_ID.octets());
    boolean agreed = java.security.MessageDigest.isEqual(ueKey, keys.ksExtNaf());
    System.out.println("[ZnCallFlowIT] NAF key agreed with UE: " + (agreed ? "yes" : "no"));
    assertThat(agreed).isTrue();
    assertThat(keys.impi()).isEqualTo(SUBSCRIBERS.impi(1).value());
    assertThat(keys.expiresAt()).isEqualTo(ue.lifetime());
    assertThat(keys.ksIntNaf()).isEmpty();
    assertThat(keys.gussXml()).contains("nafGroup=\"default\"");
    assertThat(bsf.meterRegistry().get("bsf.zn.answers").tag("result", "2001").counter().count())
        .isEqualTo(1.0);
  }

  @Test
  void should_answer_5403_when_the_btid_is_unknown() throws Exception {
    NafClient naf = naf("naf.home1.net");

    BiaResult answer = ask(naf, "AAAAAAAAAAAAAAAAAAAAAA==@bsf.home1.net");

    assertThat(answer).isEqualTo(new BiaResult.Refused(5403));
  }

  @Test
  void should_answer_5402_when_the_nafs_group_has_no_setting_for_the_user() throws Exception {
    GbaUe.Result.Bootstrapped ue = bootstrap(2);
    NafClient mbms = naf("mbms.home1.net");

    assertThat(ask(mbms, ue.btid())).isEqualTo(new BiaResult.Refused(5402));
  }

  @Test
  void should_answer_5402_and_count_when_a_naf_asks_for_another_nafs_key() throws Exception {
    GbaUe.Result.Bootstrapped ue = bootstrap(5);
    NafClient naf = bsfs.connectedNaf("naf.home1.net", "home1.net", bsf);
    double before = bsf.meterRegistry().get("bsf.zn.nafid.refused").counter().count();

    assertThat(ask(naf, ue.btid(), "other-naf.example.org")).isEqualTo(new BiaResult.Refused(5402));
    assertThat(bsf.meterRegistry().get("bsf.zn.nafid.refused").counter().count())
        .isEqualTo(before + 1);
  }

  @Test
  void should_refuse_the_naf_at_capabilities_exchange_when_it_is_not_configured() {
    NafClient stranger = bsfs.startNaf("stranger.other.net", "other.net", bsf);

    assertThat(
            Poll.until(
                () ->
                    bsf.meterRegistry()
                            .get("bsf.diameter.peers.refused")
                            .tag("reason", "unknown_peer")
                            .functionCounter()
                            .count()
                        >= 1,
                Duration.ofSeconds(20)))
        .as("CER refused (CEA 3010) and counted")
        .isTrue();
    assertThat(stranger.connected("bsf.home1.net")).isFalse();
  }

  @Test
  void should_serve_a_naf_of_a_configured_realm_when_its_host_is_not_listed() throws Exception {
    GbaUe.Result.Bootstrapped ue = bootstrap(3);
    NafClient partner = bsfs.connectedNaf("xcap.partner.net", "partner.net", bsf);

    assertThat(ask(partner, ue.btid())).isInstanceOf(BiaResult.Keys.class);
  }

  @Test
  void should_answer_5403_when_the_btid_has_expired() throws Exception {
    ZhHssSimulator shortLived = bsfs.startHss(SUBSCRIBERS, Duration.ofSeconds(2));
    BsfContext other = startBsf(shortLived);
    NafClient naf = bsfs.connectedNaf("naf.home1.net", "home1.net", other);
    GbaUe.Result.Bootstrapped ue = bootstrap(other, 4);
    assertThat(ask(naf, ue.btid())).isInstanceOf(BiaResult.Keys.class);

    assertThat(
            Poll.until(
                () -> new BiaResult.Refused(5403).equals(askUnchecked(naf, ue.btid())),
                Duration.ofSeconds(10)))
        .as("5403 once the session's lifetime (2 s, from the GUSS) is over")
        .isTrue();
    assertThat(ue.lifetime()).isBefore(java.time.Instant.now());
  }
}
