package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gbabsf.cassandra.local.LocalCassandraCluster;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.sim.AkmaSubscriber;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;
import org.gbabsf.http.client.BootstrapLoop;
import org.gbabsf.http.client.FailoverUbClient;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.sba.akma.NaanfClient;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.sim.SimulatedAf;
import org.gbabsf.sba.sim.SimulatedAusf;
import org.gbabsf.sba.sim.SimulatedNrf;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #12 at CI size: two sites, each a Cassandra DC of one node (127.0.0.21 in dc1, 127.0.0.22
 * in dc2; NetworkTopologyStrategy dc1=1,dc2=1, LOCAL_QUORUM) with its own BSF in the default mode.
 * UEs spread over both BSFs and move to the other one when theirs fails or answers 503, as a GSLB
 * or a retrying UE would. Site 2 is lost under load: its Cassandra node is killed (SIGKILL), then
 * its BSF stops. No bootstrap fails (a bootstrap in flight at site 2 at the instant its node dies
 * may have to answer a fresh challenge at site 1, at most one per UE of site 2), and a NAF at site
 * 1 gets the keys of B-TIDs made at site 2 before it went down, and an AF at site 1 the K_AF of
 * AKMA contexts an AUSF registered at site 2 (issue #31), and a UE that got its TMPI at site 2 is
 * bootstrapped as its IMPI at site 1 under that TMPI (TS 33.220 Annex B.4; impi_by_tmpi
 * replicated). Runs in the multi-node failsafe execution (see the pom).
 */
class CassandraMultiDcIT {

  private static final String KEYSPACE = "bsf_multi_dc_it";
  private static final int UES = 6;
  private static final int MADE_AT_SITE_2 = 20;

  private static final int AKMA_AT_SITE_2 = 10;

  /** The generated subscriber that announces 3gpp-gba-tmpi and gets its TMPI at site 2. */
  private static final int TMPI_UE = 90;

  @TempDir static Path tokens;
  private static SimulatedNrf nrf;

  private final TestBsf bsfs = new TestBsf();
  private LocalCassandraCluster cluster;

  @BeforeAll
  static void nrf() throws Exception {
    nrf = new SimulatedNrf(java.time.Clock.systemUTC());
    nrf.writePublicKey(tokens.resolve("nrf.pem"));
  }

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
    if (cluster != null) {
      cluster.close();
    }
  }

  private BsfContext site(String dc) throws InterruptedException {
    Map<String, String> s = TestBsf.onCassandra(cluster.endpoint(dc), KEYSPACE, "hybrid");
    s.put("cassandra.replication", "NetworkTopologyStrategy:dc1=1,dc2=1");
    s.put("cassandra.consistency", "LOCAL_QUORUM");
    s.put("cassandra.remote-dc-failover", "1");
    s.put("ub.store-timeout", "5s");
    s.put("cassandra.request-timeout", "4s");
    s.put("ub.drain-delay", "1s");
    s.put("zn.enabled", "true");
    s.put("diameter.origin-host", "bsf-" + dc + ".home1.net");
    s.put("diameter.listen-port", Integer.toString(Ports.free()));
    s.putAll(AkmaCallFlowIT.aanf(tokens.resolve("nrf.pem")));
    s.put("sbi.request-timeout", "6s"); // longer than ub.store-timeout
    return bsfs.start(s);
  }

  @Test
  void should_lose_no_bootstrap_and_keep_site_2_keys_when_site_2_is_lost_under_load()
      throws Exception {
    cluster =
        LocalCassandraCluster.of(
                Path.of("target", "cassandra", "multi-dc"),
                List.of(
                    new LocalCassandraCluster.NodeDef("127.0.0.21", "dc1"),
                    new LocalCassandraCluster.NodeDef("127.0.0.22", "dc2")),
                768)
            .start();
    // The keyspace names both DCs: create it only once dc1's node knows dc2 (gossip), or Cassandra
    // refuses the strategy option (docs/storage.md, Several DCs).
    assertThat(Poll.until(this::dc1SeesDc2, Duration.ofSeconds(60))).isTrue();
    BsfContext one = site("dc1");
    BsfContext two = site("dc2");
    GeneratedSubscriberDirectory dir = new GeneratedSubscriberDirectory(100, "home1.net");

    // B-TIDs made at site 2 while it is up, each with the UE's own Ks.
    List<GbaUe.Result.Bootstrapped> madeAtSite2 = new ArrayList<>();
    List<String> impis = new ArrayList<>();
    for (int u = 50; u < 50 + MADE_AT_SITE_2; u++) {
      GbaUe ue = new GbaUe(bsfs.client(two), ue(dir, u), TestBsf.REALM, "/");
      GbaUe.Result r = TestBsf.await(ue.bootstrap());
      assertThat(r).as("bootstrap at site 2").isInstanceOf(GbaUe.Result.Bootstrapped.class);
      madeAtSite2.add((GbaUe.Result.Bootstrapped) r);
      impis.add(dir.impi(u).value());
    }

    // A TMPI allocated at site 2 while it is up (stored in impi_by_tmpi at LOCAL_QUORUM in dc2).
    UeAuthenticator tmpiUe =
        new UeAuthenticator(
            new SimulatedUsim(dir.find(dir.impi(TMPI_UE)).orElseThrow()), "/", true);
    assertThat(TestBsf.await(new GbaUe(bsfs.client(two), tmpiUe, TestBsf.REALM, "/").bootstrap()))
        .as("bootstrap at site 2 of a UE announcing 3gpp-gba-tmpi")
        .isInstanceOf(GbaUe.Result.Bootstrapped.class);
    Tmpi tmpiOfSite2 = tmpiUe.tmpi().orElseThrow();
    assertThat(two.meterRegistry().get("bsf.ub.tmpi").tag("outcome", "allocated").counter().count())
        .isEqualTo(1.0);

    // AKMA contexts registered by an AUSF at site 2 while it is up.
    SbiClient sbi = new SbiClient(SbiClientSettings.defaults("akma"), new SimpleMeterRegistry());
    SimulatedAusf ausfAtSite2 =
        new SimulatedAusf(naanf(sbi, two, AkmaCallFlowIT.AUSF_ID, AkmaCallFlowIT.ANCHOR));
    List<AkmaSubscriber> akmaAtSite2 = new ArrayList<>();
    for (int u = 0; u < AKMA_AT_SITE_2; u++) {
      AkmaSubscriber ue = AkmaSubscriber.of("001", "01", 500 + u, 1);
      assertThat(TestBsf.await(ausfAtSite2.authenticated(ue)))
          .as("AKMA registration at site 2")
          .isInstanceOf(NaanfClient.Result.Registered.class);
      akmaAtSite2.add(ue);
    }

    // UEs spread over both sites, each moving to the other site on a failure or a 503.
    List<GbaUe> ues = new ArrayList<>();
    for (int u = 0; u < UES; u++) {
      BsfContext home = u % 2 == 0 ? one : two;
      BsfContext other = home == one ? two : one;
      ues.add(
          new GbaUe(
              new FailoverUbClient(List.of(bsfs.client(home), bsfs.client(other))),
              ue(dir, u),
              TestBsf.REALM,
              "/"));
    }
    BootstrapLoop load = new BootstrapLoop(ues).start();
    assertThat(Poll.until(() -> load.bootstrapped() >= 100, Duration.ofSeconds(60))).isTrue();

    cluster.nodes().get(1).kill(); // site 2's Cassandra DC, SIGKILL
    load.mark();
    assertThat(Poll.until(() -> load.bootstrappedSinceMark() >= 150, Duration.ofSeconds(90)))
        .as("bootstraps continue after site 2's Cassandra is lost")
        .isTrue();
    two.drainAndClose(); // then site 2's BSF goes too
    int beforeBsfLoss = load.bootstrappedSinceMark();
    assertThat(
            Poll.until(
                () -> load.bootstrappedSinceMark() >= beforeBsfLoss + 150, Duration.ofSeconds(90)))
        .as("bootstraps continue at site 1 alone")
        .isTrue();
    load.stop();

    System.out.printf(
        "[multi-dc] bootstraps: %d before the loss, %d after it, failed or restarted: %s%n",
        load.bootstrapped() - load.bootstrappedSinceMark(),
        load.bootstrappedSinceMark(),
        load.failures().isEmpty() ? "none" : load.failures());
    // A bootstrap in flight at site 2 when its node dies held a challenge that only site 2 had
    // (held back in its BSF, or not yet replicated): its answer meets 503 there (store down),
    // moves to site 1 and gets a fresh challenge, which a UE answers (TS 24.109); the loop's UE
    // starts over at once and must then succeed. Once site 2's BSF sees its node down it answers
    // first requests 503, so whole bootstraps move: at most one such restart per UE of site 2.
    Map<String, Integer> failures = new java.util.TreeMap<>(load.failures());
    int freshChallenges = failures.getOrDefault("answer 401", 0);
    failures.remove("answer 401");
    assertThat(failures).as("bootstrap failures").isEmpty();
    assertThat(freshChallenges)
        .as("fresh challenges after the loss (at most one per UE of site 2)")
        .isLessThanOrEqualTo(UES / 2);

    NafClient naf = bsfs.connectedNaf("naf.home1.net", "home1.net", one);
    NafId nafId = new NafId("naf.home1.net", Hex.decode("0100000002"));
    for (int i = 0; i < madeAtSite2.size(); i++) {
      GbaUe.Result.Bootstrapped ueSide = madeAtSite2.get(i);
      BiaResult answer =
          TestBsf.await(
              naf.query(new BTid(ueSide.btid()), nafId, List.of(), false, Duration.ofSeconds(5)));
      assertThat(answer)
          .as("Zn at site 1 for a B-TID of site 2")
          .isInstanceOf(BiaResult.Keys.class);
      assertThat(((BiaResult.Keys) answer).ksExtNaf())
          .isEqualTo(
              GbaKdf.ksNaf(
                  ueSide.ks(), GbaKdf.GBA_ME, ueSide.rand(), impis.get(i), nafId.octets()));
    }

    GbaUe.Result underTmpi =
        TestBsf.await(new GbaUe(bsfs.client(one), tmpiUe, TestBsf.REALM, "/").bootstrap());
    assertThat(underTmpi)
        .as("bootstrap at site 1 under the TMPI site 2 allocated")
        .isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(
            TestBsf.await(
                    one.sessionStore()
                        .find(new BTid(((GbaUe.Result.Bootstrapped) underTmpi).btid())))
                .orElseThrow()
                .impi())
        .isEqualTo(dir.impi(TMPI_UE));
    assertThat(
            one.meterRegistry()
                .get("bsf.ub.responses")
                .tag("outcome", "rejected_tmpi_unknown")
                .counter()
                .count())
        .as("site 1 knew the TMPI of site 2")
        .isZero();
    assertThat(
            one.meterRegistry()
                .get("bsf.store.latency")
                .tags("store", "tmpi", "op", "find")
                .timer()
                .count())
        .as("site 1 looked the TMPI up at the first request; the answers name the challenge")
        .isEqualTo(1);
    assertThat(tmpiUe.tmpi()).isPresent().isNotEqualTo(Optional.of(tmpiOfSite2));

    SimulatedAf afAtSite1 =
        SimulatedAf.httpDigest(
            naanf(sbi, one, AkmaCallFlowIT.AF_ID, AkmaCallFlowIT.KEYGET), AkmaCallFlowIT.AF);
    for (AkmaSubscriber ue : akmaAtSite2) {
      assertThat(TestBsf.await(afAtSite1.retrieve(ue, false)))
          .as("K_AF at site 1 for an AKMA context registered at site 2")
          .isInstanceOf(SimulatedAf.Outcome.Agreed.class);
    }
    sbi.close();
  }

  private static NaanfClient naanf(SbiClient sbi, BsfContext bsf, String subject, String scopes) {
    return new NaanfClient(
        sbi,
        java.net.URI.create("http://127.0.0.1:" + bsf.sbiAddress().orElseThrow().getPort()),
        Optional.of(nrf.token(subject, AkmaCallFlowIT.AANF_ID, scopes, Duration.ofMinutes(10))),
        Duration.ofSeconds(5));
  }

  private boolean dc1SeesDc2() {
    try (com.datastax.oss.driver.api.core.CqlSession session =
        com.datastax.oss.driver.api.core.CqlSession.builder()
            .addContactPoints(cluster.endpoint("dc1").contactPoints())
            .withLocalDatacenter("dc1")
            .build()) {
      return session.execute("SELECT data_center FROM system.peers").all().stream()
          .anyMatch(row -> "dc2".equals(row.getString("data_center")));
    } catch (RuntimeException notYet) {
      return false;
    }
  }

  private static UeAuthenticator ue(GeneratedSubscriberDirectory dir, int n) {
    return new UeAuthenticator(new SimulatedUsim(dir.find(dir.impi(n)).orElseThrow()), "/");
  }
}
