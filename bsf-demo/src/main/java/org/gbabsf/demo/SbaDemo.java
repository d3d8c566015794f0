package org.gbabsf.demo;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.http.SbiServer;
import org.gbabsf.sba.http.SbiServerSettings;
import org.gbabsf.sba.nbsp.NbspClient;
import org.gbabsf.sba.sim.HssSimulator;
import org.gbabsf.sba.sim.SimulatedNrf;
import org.gbabsf.server.BsfContext;
import org.gbabsf.server.config.ConfigLoader;

/**
 * The demo's 5G leg (TS 33.220 Annex N): a second BSF whose HSS is reached over N65 (an HSS
 * simulator on HTTP/2) and which serves Nbsp_GBA; a UE bootstraps on it over Ub, and a NAF, holding
 * an access token from a simulated NRF, fetches the UE's key over Nbsp_GBA and must agree with the
 * UE's own derivation; the same BSF is the AAnF of AKMA ({@link AkmaDemo}). Three checks.
 */
final class SbaDemo {

  static final String NAF = "naf5g.home1.net";

  private final SubscriberDirectory subscribers;
  private final SimulatedGuss guss;
  private final PrintWriter out;

  SbaDemo(SubscriberDirectory subscribers, SimulatedGuss guss, PrintWriter out) {
    this.subscribers = subscribers;
    this.guss = guss;
    this.out = out;
  }

  /** Runs the leg for subscriber {@code impi}; the number of checks passed (of 3). */
  int run(EventLoopGroup group, Impi impi) throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("bsf-demo-sba");
    SimulatedNrf nrf = new SimulatedNrf(Clock.systemUTC());
    Path nrfKey = nrf.writePublicKey(dir.resolve("nrf.pem"));
    String bsfId = UUID.randomUUID().toString();
    String nafId = UUID.randomUUID().toString();
    SbiServer hss =
        new SbiServer(
            new HssSimulator(subscribers, guss, "001", "01", Duration.ZERO).routes(),
            SbiServerSettings.defaults("hss-simulator", "127.0.0.1", 0),
            new SimpleMeterRegistry(),
            Optional.empty());
    try (hss) {
      InetSocketAddress hssAddress = hss.start();
      Map<String, String> s = new HashMap<>();
      s.put("ub.listen-address", "127.0.0.1");
      s.put("ub.port", "0");
      s.put("admin.port", "0");
      s.put("zn.enabled", "false");
      s.put("hss.type", "n65");
      s.put("n65.instances", "http://127.0.0.1:" + hssAddress.getPort());
      s.put("sbi.enabled", "true");
      s.put("sbi.listen-address", "127.0.0.1");
      s.put("sbi.port", "0");
      s.put("nbsp.nafs", nafId + "=default");
      s.put("nbsp.naf-fqdns", nafId + "=" + NAF);
      s.put("nbsp.oauth2.nrf-keys", nrfKey.toString());
      s.put("nbsp.oauth2.nf-instance-id", bsfId);
      AkmaDemo akma = new AkmaDemo(out);
      s.putAll(akma.settings(nrfKey));
      try (BsfContext bsf = BsfContext.create(ConfigLoader.load(null, Map.of(), s))) {
        InetSocketAddress ub = bsf.start();
        Loopback.await(() -> bsf.readiness().ready(), Duration.ofSeconds(20));
        InetSocketAddress sbi = bsf.sbiAddress().orElseThrow();
        out.printf(
            "5G core: a BSF with its HSS on N65 (http://127.0.0.1:%d, HTTP/2) serves Nbsp_GBA and,"
                + " as the AAnF, Naanf_AKMA on http://127.0.0.1:%d%n",
            hssAddress.getPort(), sbi.getPort());
        GbaUe.Result result;
        SimulatedUsim usim = new SimulatedUsim(subscribers.find(impi).orElseThrow());
        try (UbClient client = new UbClient(group, ub)) {
          result =
              await(
                  new GbaUe(client, new UeAuthenticator(usim, "/"), bsf.config().ub().realm(), "/")
                      .bootstrap());
        }
        if (!(result instanceof GbaUe.Result.Bootstrapped b)) {
          out.printf("FAIL  %s did not bootstrap with the BSF on N65: %s%n", impi, result);
          return 0;
        }
        out.printf(
            "PASS  %-20s bootstrapped with the BSF on N65 (gbaUEAU and gbaSDM at once), B-TID %s%n",
            impi, b.btid());
        return 1
            + (nafAgrees(sbi, nrf, bsfId, nafId, b, impi) ? 1 : 0)
            + (akma.run(sbi, nrf) ? 1 : 0);
      }
    } finally {
      Files.deleteIfExists(nrfKey);
      Files.deleteIfExists(dir);
    }
  }

  private boolean nafAgrees(
      InetSocketAddress sbi,
      SimulatedNrf nrf,
      String bsfId,
      String nafId,
      GbaUe.Result.Bootstrapped ue,
      Impi impi)
      throws InterruptedException {
    NafId id = new NafId(NAF, new byte[] {1, 0, 0, 0, 2});
    String token = nrf.token(nafId, bsfId, "nbsp-gba", Duration.ofMinutes(5));
    try (SbiClient client =
        new SbiClient(SbiClientSettings.defaults("demo-naf"), new SimpleMeterRegistry())) {
      NbspClient naf =
          new NbspClient(
              client,
              URI.create("http://127.0.0.1:" + sbi.getPort()),
              Optional.of(token),
              Duration.ofSeconds(5));
      NbspClient.Result r = await(naf.fetch(new BTid(ue.btid()), id, false, List.of()));
      byte[] ueKey = GbaKdf.ksNaf(ue.ks(), GbaKdf.GBA_ME, ue.rand(), impi.value(), id.octets());
      boolean agreed =
          r instanceof NbspClient.Result.Keys k
              && MessageDigest.isEqual(k.answer().meKeyMaterial(), ueKey);
      out.printf(
          "%s  NAF %s asked the BSF on Nbsp_GBA (HTTP/2, NRF access token) for %s's key: NAF key"
              + " agreed with UE: %s%n",
          agreed ? "PASS" : "FAIL", NAF, impi, agreed ? "yes" : "no (" + r + ")");
      return agreed;
    }
  }

  private static <T> T await(java.util.concurrent.CompletionStage<T> stage)
      throws InterruptedException {
    try {
      return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("demo step did not complete: " + e, e);
    }
  }
}
