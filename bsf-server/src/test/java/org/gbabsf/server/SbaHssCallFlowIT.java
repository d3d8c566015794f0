package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.http.SbiServer;
import org.gbabsf.sba.http.SbiServerSettings;
import org.gbabsf.sba.openapi.ContractRoutes;
import org.gbabsf.sba.sim.HssSimulator;
import org.gbabsf.sba.sim.ImsiSubscribers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A UE bootstraps on Ub with the BSF fetching vectors over the SBA: N65 toward HSS simulators
 * (gbaUEAU and gbaSDM at once, resynchronisation, unknown user, failover, 503), and N68 toward a
 * UDM simulator. Every request the BSF sends and every answer it gets is checked against the
 * committed 3GPP YAML.
 */
class SbaHssCallFlowIT {

  private static final GeneratedSubscriberDirectory SUBSCRIBERS =
      new GeneratedSubscriberDirectory(1000, "home1.net");

  private final TestBsf bsfs = new TestBsf();
  private final List<AutoCloseable> servers = new ArrayList<>();
  private final List<String> violations = new CopyOnWriteArrayList<>();
  private final List<String> exchanges = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
    for (AutoCloseable s : servers) {
      s.close();
    }
    assertThat(violations).as("exchanges against the 3GPP YAML").isEmpty();
  }

  private HssSimulator simulator(SubscriberDirectory directory) {
    return simulator(directory, new SimulatedGuss(Duration.ofMinutes(40)));
  }

  private HssSimulator simulator(SubscriberDirectory directory, SimulatedGuss guss) {
    return new HssSimulator(directory, guss, "001", "01", Duration.ZERO);
  }

  private InetSocketAddress serve(SbiRoutes routes) throws InterruptedException {
    SbiServer s =
        new SbiServer(
            ContractRoutes.checked(routes, violations, exchanges),
            SbiServerSettings.defaults("hss", "127.0.0.1", 0),
            new SimpleMeterRegistry(),
            Optional.empty());
    servers.add(s);
    return s.start();
  }

  private static String root(InetSocketAddress a) {
    return "http://127.0.0.1:" + a.getPort();
  }

  private BsfContext bsf(String type, String instances) throws InterruptedException {
    Map<String, String> s = new HashMap<>();
    s.put("hss.type", type);
    s.put(type.equals("n65") ? "n65.instances" : "udm.instances", instances);
    s.put("sbi.client.backoff", "30s");
    BsfContext bsf = bsfs.start(s);
    assertThat(Poll.until(() -> bsf.readiness().ready(), Duration.ofSeconds(20)))
        .as("ready: " + bsf.readiness().states())
        .isTrue();
    return bsf;
  }

  private GbaUe ue(BsfContext bsf, SimulatedUsim usim) {
    return new GbaUe(bsfs.client(bsf), new UeAuthenticator(usim, "/"), REALM, "/");
  }

  private static SimulatedUsim usim(int n) {
    return new SimulatedUsim(SUBSCRIBERS.find(SUBSCRIBERS.impi(n)).orElseThrow());
  }

  private static double answers(BsfContext bsf, String api, InetSocketAddress hss, String result) {
    var c =
        bsf.meterRegistry()
            .find("bsf." + api + ".answers")
            .tags("instance", "127.0.0.1:" + hss.getPort(), "result", result)
            .counter();
    return c == null ? 0 : c.count();
  }

  @Test
  void should_bootstrap_with_the_vector_and_guss_of_n65_when_both_calls_go_out_at_once()
      throws Exception {
    HssSimulator sim = simulator(SUBSCRIBERS);
    // The vector is held back until the GUSS request has arrived: sequential calls never finish.
    CompletableFuture<Void> gussAsked = new CompletableFuture<>();
    SbiRoutes.Route ueau = sim.routes().routes().get(0);
    SbiRoutes.Route sdm = sim.routes().routes().get(1);
    SbiRoutes joined =
        SbiRoutes.of(
            List.of(
                new SbiRoutes.Route(
                    ueau.method(),
                    ueau.template(),
                    ueau.api(),
                    r -> gussAsked.thenCompose(x -> ueau.service().handle(r))),
                new SbiRoutes.Route(
                    sdm.method(),
                    sdm.template(),
                    sdm.api(),
                    r -> {
                      gussAsked.complete(null);
                      return sdm.service().handle(r);
                    })));
    InetSocketAddress hss = serve(joined);
    BsfContext bsf = bsf("n65", root(hss));

    GbaUe.Result result = await(ue(bsf, usim(1)).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    GbaUe.Result.Bootstrapped b = (GbaUe.Result.Bootstrapped) result;
    var stored = await(bsf.sessionStore().find(new BTid(b.btid()))).orElseThrow();
    assertThat(stored.ks()).isEqualTo(b.ks());
    assertThat(stored.guss().lifetime()).contains(Duration.ofMinutes(40));
    assertThat(stored.guss().ussList()).hasSize(1);
    assertThat(answers(bsf, "n65", hss, "vector")).isEqualTo(1.0);
    assertThat(exchanges)
        .anyMatch(e -> e.startsWith("POST /nhss-gba-ueau/v1/impi-"))
        .anyMatch(e -> e.startsWith("GET /nhss-gba-sdm/v1/impi-"));
  }

  @Test
  void should_resynchronise_through_resynchronization_info_when_the_usim_sends_auts()
      throws Exception {
    HssSimulator sim = simulator(SUBSCRIBERS);
    List<String> bodies = new CopyOnWriteArrayList<>();
    SbiRoutes.Route ueau = sim.routes().routes().get(0);
    List<SbiRoutes.Route> routes = new ArrayList<>(sim.routes().routes());
    routes.set(
        0,
        new SbiRoutes.Route(
            ueau.method(),
            ueau.template(),
            ueau.api(),
            r -> {
              bodies.add(new String(r.body(), StandardCharsets.UTF_8));
              return ueau.service().handle(r);
            }));
    InetSocketAddress hss = serve(SbiRoutes.of(routes));
    BsfContext bsf = bsf("n65", root(hss));
    SimulatedUsim usim = usim(2);
    usim.desynchronise(1L << 31);

    GbaUe.Result result = await(ue(bsf, usim).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(((GbaUe.Result.Bootstrapped) result).resyncs()).isEqualTo(1);
    assertThat(bodies).hasSize(2);
    assertThat(bodies.get(0)).doesNotContain("resynchronizationInfo");
    assertThat(bodies.get(1))
        .contains("\"resynchronizationInfo\":{\"rand\":\"")
        .contains("\"auts\"");
  }

  @Test
  void should_answer_403_when_the_hss_does_not_know_the_user() throws Exception {
    InetSocketAddress hss = serve(simulator(SUBSCRIBERS).routes());
    BsfContext bsf = bsf("n65", root(hss));
    UeAuthenticator stranger =
        new UeAuthenticator(
            new SimulatedUsim(GeneratedSubscriberDirectory.derive(new Impi("stranger@home1.net"))),
            "/");

    UbClient.Response r = TestBsf.send(bsfs.client(bsf), stranger.initialAuthorization(REALM));

    assertThat(r.status()).isEqualTo(403);
    assertThat(answers(bsf, "n65", hss, "user_unknown")).isEqualTo(1.0);
  }

  @Test
  void should_answer_403_at_the_first_request_when_the_n65_guss_says_gba_u() throws Exception {
    SimulatedGuss guss =
        new SimulatedGuss(Duration.ofMinutes(40)).withUiccType(SUBSCRIBERS.impi(6), "GBA_U");
    InetSocketAddress hss = serve(simulator(SUBSCRIBERS, guss).routes());
    BsfContext bsf = bsf("n65", root(hss));

    GbaUe.Result result = await(ue(bsf, usim(6)).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Failed.class);
    assertThat(((GbaUe.Result.Failed) result).step()).isEqualTo("initial");
    assertThat(((GbaUe.Result.Failed) result).status()).isEqualTo(403);
    assertThat(
            bsf.meterRegistry()
                .get("bsf.ub.responses")
                .tag("outcome", "rejected_gba_u_not_supported")
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(exchanges).anyMatch(e -> e.startsWith("GET /nhss-gba-sdm/v1/impi-"));
  }

  @Test
  void should_fail_over_to_the_next_instance_when_the_first_is_down() throws Exception {
    int down = Ports.free();
    InetSocketAddress hss = serve(simulator(SUBSCRIBERS).routes());
    BsfContext bsf = bsf("n65", "http://127.0.0.1:" + down + "," + root(hss));

    GbaUe.Result result = await(ue(bsf, usim(3)).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    assertThat(answers(bsf, "n65", hss, "vector")).isEqualTo(1.0);
    assertThat(answers(bsf, "n65", new InetSocketAddress("127.0.0.1", down), "connect"))
        .isEqualTo(1.0);
  }

  @Test
  void should_answer_503_with_retry_after_when_every_instance_is_overloaded() throws Exception {
    SbiRoutes busy =
        SbiRoutes.of(
            simulator(SUBSCRIBERS).routes().routes().stream()
                .map(
                    r ->
                        new SbiRoutes.Route(
                            r.method(),
                            r.template(),
                            r.api(),
                            req ->
                                CompletableFuture.completedFuture(
                                    SbiResponse.problem(
                                            org.gbabsf.sba.problem.Problems.congestion("busy"))
                                        .withHeader("retry-after", "2"))))
                .toList());
    InetSocketAddress first = serve(busy);
    InetSocketAddress second = serve(busy);
    BsfContext bsf = bsf("n65", root(first) + "," + root(second));

    UbClient.Response r =
        TestBsf.send(
            bsfs.client(bsf), new UeAuthenticator(usim(4), "/").initialAuthorization(REALM));

    assertThat(r.status()).isEqualTo(503);
    assertThat(r.header("Retry-After")).isNotBlank();
    assertThat(answers(bsf, "n65", first, "5xx")).isEqualTo(1.0);
    assertThat(answers(bsf, "n65", second, "5xx")).isEqualTo(1.0);
  }

  @Test
  void should_report_not_ready_when_no_hss_instance_is_reachable() throws Exception {
    SbiServer hss =
        new SbiServer(
            simulator(SUBSCRIBERS).routes(),
            SbiServerSettings.defaults("hss", "127.0.0.1", 0),
            new SimpleMeterRegistry(),
            Optional.empty());
    InetSocketAddress a = hss.start();
    BsfContext bsf = bsf("n65", root(a));
    assertThat(bsf.readiness().ready()).isTrue();

    hss.close();

    assertThat(Poll.until(() -> !bsf.readiness().ready(), Duration.ofSeconds(20)))
        .as(
            "not ready once the only instance is gone: %s, connections %s",
            bsf.readiness().states(),
            bsf.meterRegistry().find("bsf.sbi.client.connections").gauges().stream()
                .map(g -> g.value())
                .toList())
        .isTrue();
    assertThat(bsf.readiness().whyDown("hss")).get().asString().contains("no HSS/UDM instance");
  }

  @Test
  void should_bootstrap_over_n68_with_the_supi_of_an_imsi_based_impi() throws Exception {
    ImsiSubscribers imsiUsers = new ImsiSubscribers("001", "01");
    InetSocketAddress udm = serve(simulator(imsiUsers).routes());
    BsfContext bsf = bsf("udm", root(udm));
    Impi impi = imsiUsers.impi(123456789);
    SimulatedUsim usim = new SimulatedUsim(imsiUsers.find(impi).orElseThrow());

    GbaUe.Result result = await(ue(bsf, usim).bootstrap());

    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    var stored =
        await(bsf.sessionStore().find(new BTid(((GbaUe.Result.Bootstrapped) result).btid())))
            .orElseThrow();
    assertThat(stored.guss().ussList()).extracting(u -> u.nafGroup()).containsExactly("default");
    assertThat(exchanges)
        .containsExactly(
            "POST /nudm-ueau/v1/imsi-001010123456789/gba-security-information/generate-av");
    assertThat(answers(bsf, "n68", udm, "vector")).isEqualTo(1.0);
  }

  @Test
  void should_answer_403_without_asking_the_udm_when_the_impi_is_not_imsi_based() throws Exception {
    InetSocketAddress udm = serve(simulator(SUBSCRIBERS).routes());
    BsfContext bsf = bsf("udm", root(udm));

    UbClient.Response r =
        TestBsf.send(
            bsfs.client(bsf), new UeAuthenticator(usim(5), "/").initialAuthorization(REALM));

    assertThat(r.status()).isEqualTo(403);
    assertThat(exchanges).isEmpty();
  }
}
