package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** UE simulator → BSF (Ub) → Zh over Diameter (jdiameter, TCP) → HSS simulator. */
class ZhCallFlowIT {

  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(1000, "home1.net");

  /** The subscriber whose GUSS says GBA_U; every other GUSS says GBA but {@link #GBA_X_USER}'s. */
  private static final int GBA_U_USER = 7;

  /** The subscriber whose GUSS says GBA_X, a uiccType the BSF does not know. */
  private static final int GBA_X_USER = 8;

  private final TestBsf bsfs = new TestBsf();
  private ZhHssSimulator hss;
  private BsfContext bsf;
  private UbClient client;

  @BeforeEach
  void start() throws Exception {
    hss =
        bsfs.startHss(
            SUBSCRIBERS,
            new SimulatedGuss(Duration.ofMinutes(40))
                .withUiccType(SUBSCRIBERS.impi(GBA_U_USER), "GBA_U")
                .withUiccType(SUBSCRIBERS.impi(GBA_X_USER), "GBA_X"));
    Map<String, String> settings = TestBsf.onZh(hss);
    settings.put("ub.hss-timeout", "1500ms");
    settings.put("zh.request-timeout", "700ms");
    bsf = bsfs.start(settings);
    assertThat(Poll.until(() -> bsf.zh().orElseThrow().isAvailable(), Duration.ofSeconds(20)))
        .as("HSS peer up")
        .isTrue();
    client = bsfs.client(bsf);
  }

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
  }

  private GbaUe ue(SimulatedUsim usim) {
    return new GbaUe(client, new UeAuthenticator(usim, "/"), REALM, "/");
  }

  private static SimulatedUsim usim(int n) {
    return new SimulatedUsim(SUBSCRIBERS.find(SUBSCRIBERS.impi(n)).orElseThrow());
  }

  @Test
  void should_bootstrap_with_the_hss_vector_and_guss_lifetime_when_zh_answers() throws Exception {
    GbaUe.Result result = await(ue(usim(1)).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    GbaUe.Result.Bootstrapped b = (GbaUe.Result.Bootstrapped) result;
    var stored = await(bsf.sessionStore().find(new BTid(b.btid()))).orElseThrow();
    assertThat(stored.ks()).isEqualTo(b.ks());
    assertThat(stored.guss().lifetime()).contains(Duration.ofMinutes(40));
    assertThat(stored.guss().rawXml()).contains("<lifeTime>2400</lifeTime>");
    assertThat(hss.answered()).isEqualTo(1);
  }

  @Test
  void should_resynchronise_through_the_hss_when_the_usim_sends_auts() throws Exception {
    SimulatedUsim usim = usim(2);
    usim.desynchronise(1L << 31);

    GbaUe.Result result = await(ue(usim).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(((GbaUe.Result.Bootstrapped) result).resyncs()).isEqualTo(1);
    assertThat(hss.requests()).isEqualTo(2);
  }

  @Test
  void should_answer_403_when_the_hss_does_not_know_the_user() throws Exception {
    UeAuthenticator stranger =
        new UeAuthenticator(
            new SimulatedUsim(
                GeneratedSubscriberDirectory.derive(
                    new org.gbabsf.core.domain.Impi("stranger@home1.net"))),
            "/");

    UbClient.Response r = TestBsf.send(client, stranger.initialAuthorization(REALM));

    assertThat(r.status()).isEqualTo(403);
    assertThat(
            bsf.meterRegistry()
                .get("bsf.zh.answers")
                .tags("peer", "hss1.home1.net", "result", "user_unknown")
                .counter()
                .count())
        .isEqualTo(1.0);
  }

  private double ubResponses(String outcome) {
    return bsf.meterRegistry().get("bsf.ub.responses").tag("outcome", outcome).counter().count();
  }

  @Test
  void should_answer_403_at_the_first_request_and_still_serve_gba_users_when_the_guss_says_gba_u()
      throws Exception {
    GbaUe.Result refused = await(ue(usim(GBA_U_USER)).bootstrap());
    GbaUe.Result plain = await(ue(usim(9)).bootstrap());

    assertThat(refused).isInstanceOf(GbaUe.Result.Failed.class);
    assertThat(((GbaUe.Result.Failed) refused).step()).isEqualTo("initial");
    assertThat(((GbaUe.Result.Failed) refused).status()).isEqualTo(403);
    assertThat(ubResponses("rejected_gba_u_not_supported")).isEqualTo(1.0);
    assertThat(ubResponses("challenge_initial")).as("the GBA user's 401 only").isEqualTo(1.0);
    assertThat(plain).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(ubResponses("bootstrapped")).isEqualTo(1.0);
  }

  @Test
  void should_answer_403_at_the_first_request_when_the_guss_names_an_unknown_uicc_type()
      throws Exception {
    UbClient.Response r =
        TestBsf.send(
            client, new UeAuthenticator(usim(GBA_X_USER), "/").initialAuthorization(REALM));

    assertThat(r.status()).isEqualTo(403);
    assertThat(ubResponses("rejected_uicc_type_unknown")).isEqualTo(1.0);
    assertThat(ubResponses("rejected_gba_u_not_supported")).isZero();
  }

  @Test
  void should_answer_503_with_retry_after_when_the_hss_does_not_answer() throws Exception {
    hss.faults(new ZhHssSimulator.Faults(Duration.ZERO, 0, 3004, true));

    UbClient.Response r =
        TestBsf.send(client, new UeAuthenticator(usim(3), "/").initialAuthorization(REALM));

    assertThat(r.status()).isEqualTo(503);
    assertThat(r.header("Retry-After")).isNotBlank();
    assertThat(new String(r.body(), StandardCharsets.UTF_8)).contains("HSS unavailable");
  }

  @Test
  void should_answer_503_when_the_only_hss_is_too_busy() throws Exception {
    hss.faults(new ZhHssSimulator.Faults(Duration.ZERO, 1.0, 3004, false));

    UbClient.Response r =
        TestBsf.send(client, new UeAuthenticator(usim(4), "/").initialAuthorization(REALM));

    assertThat(r.status()).isEqualTo(503);
    assertThat(
            bsf.meterRegistry()
                .get("bsf.zh.answers")
                .tags("peer", "hss1.home1.net", "result", "3004")
                .counter()
                .count())
        .isEqualTo(1.0);
  }

  private int readyStatus() throws java.io.IOException, InterruptedException {
    java.net.http.HttpResponse<String> r =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(
                            "http://127.0.0.1:" + bsf.adminAddress().getPort() + "/ready"))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    return r.statusCode();
  }

  @Test
  void should_report_not_ready_on_the_admin_port_when_the_only_hss_goes_away() throws Exception {
    assertThat(readyStatus()).isEqualTo(200);

    hss.close();

    assertThat(Poll.until(() -> readyStatusUnchecked() == 503, Duration.ofSeconds(20)))
        .as("/ready turns 503 once no HSS peer is up")
        .isTrue();
  }

  private int readyStatusUnchecked() {
    try {
      return readyStatus();
    } catch (java.io.IOException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }
}
