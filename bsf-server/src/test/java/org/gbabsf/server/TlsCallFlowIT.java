package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.DiameterTls;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.security.testing.TestPki;
import org.gbabsf.security.tls.TlsEvents;
import org.gbabsf.security.tls.TlsMaterial;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BSF configured as an operator would for TLS everywhere it speaks itself: a UE bootstraps over
 * HTTPS, and a NAF fetches the key over Zn with mutual TLS and agrees with the UE; a NAF that must
 * use TLS is refused on the plain Diameter port (5017) and never gets a key.
 */
class TlsCallFlowIT {

  @TempDir static Path dir;
  static TestPki pki;

  private final TestBsf bsfs = new TestBsf();

  @BeforeAll
  static void pki() {
    pki = TestPki.create(dir, "Call Flow CA");
  }

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
  }

  private BsfContext start(int tlsPort) throws InterruptedException {
    TestPki.Issued ub = pki.leaf(REALM).dns(REALM).fileName("ub").issue();
    TestPki.Issued diameter = pki.leaf(REALM).dns(REALM).fileName("diameter").issue();
    Map<String, String> s = new HashMap<>();
    s.put("zn.enabled", "true");
    s.put("diameter.listen-port", Integer.toString(Ports.free()));
    s.put("ub.tls.enabled", "true");
    s.put("ub.tls.certificate", ub.certificate().toString());
    s.put("ub.tls.private-key", ub.privateKey().toString());
    s.put("diameter.tls.port", Integer.toString(tlsPort));
    s.put("diameter.tls.certificate", diameter.certificate().toString());
    s.put("diameter.tls.private-key", diameter.privateKey().toString());
    s.put("diameter.tls.trust", pki.caFile().toString());
    s.put("diameter.tls.peers", "naf.home1.net");
    return bsfs.start(s);
  }

  private NafClient naf(BsfContext bsf, int port, DiameterTls tls) {
    return NafClient.start(
        "naf.home1.net",
        "home1.net",
        "127.0.0.1",
        Ports.free(),
        bsf.config().diameter().originHost(),
        "127.0.0.1",
        port,
        bsf.config().diameter().originRealm(),
        tls);
  }

  @Test
  void should_agree_the_naf_key_with_the_ue_when_ub_and_zn_both_run_over_tls() throws Exception {
    int tlsPort = Ports.free();
    BsfContext bsf = start(tlsPort);
    GbaUe.Result.Bootstrapped ue =
        (GbaUe.Result.Bootstrapped)
            await(
                new GbaUe(bsfs.tlsClient(bsf, pki.caFile(), REALM), TestBsf.ue(501), REALM, "/")
                    .bootstrap());
    TestPki.Issued nafCert = pki.leaf("naf.home1.net").dns("naf.home1.net").issue();
    try (NafClient naf =
        naf(
            bsf,
            tlsPort,
            DiameterTls.of(
                TlsMaterial.load("naf", nafCert.files()),
                new TlsEvents("naf", new SimpleMeterRegistry()),
                0,
                java.util.Set.of(REALM),
                false))) {
      assertThat(Poll.until(() -> naf.connected(REALM), Duration.ofSeconds(20))).isTrue();
      NafId nafId = new NafId("naf.home1.net", Hex.decode("0100000002"));

      BiaResult answer =
          await(naf.query(new BTid(ue.btid()), nafId, List.of(), false, Duration.ofSeconds(5)));

      assertThat(answer).isInstanceOf(BiaResult.Keys.class);
      assertThat(((BiaResult.Keys) answer).ksExtNaf())
          .isEqualTo(
              GbaKdf.ksNaf(
                  ue.ks(), GbaKdf.GBA_ME, ue.rand(), TestBsf.ue(501).impi(), nafId.octets()));
    }
  }

  @Test
  void should_refuse_a_naf_that_must_use_tls_when_it_comes_to_the_plain_port() throws Exception {
    BsfContext bsf = start(Ports.free());
    long before = refused(bsf);
    try (NafClient naf = naf(bsf, bsf.config().diameter().listenPort(), DiameterTls.NONE)) {
      assertThat(Poll.until(() -> refused(bsf) > before, Duration.ofSeconds(20))).isTrue();
      assertThat(naf.connected(REALM)).isFalse();
    }
  }

  private static long refused(BsfContext bsf) {
    return (long)
        bsf.meterRegistry()
            .get("bsf.diameter.peers.refused")
            .tag("reason", "tls_required")
            .functionCounter()
            .count();
  }
}
