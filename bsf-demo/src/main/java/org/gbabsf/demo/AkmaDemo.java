package org.gbabsf.demo;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gbabsf.core.sim.AkmaSubscriber;
import org.gbabsf.sba.akma.NaanfClient;
import org.gbabsf.sba.akma.NaanfService;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.sim.SimulatedAf;
import org.gbabsf.sba.sim.SimulatedAusf;
import org.gbabsf.sba.sim.SimulatedNrf;

/**
 * The demo's AKMA leg (TS 33.535): the 5G BSF is also the AAnF. An AUSF, after a simulated primary
 * authentication of a UE, registers its anchor key; the UE derives K_AF for an AF; the AF, with an
 * access token from the simulated NRF, retrieves K_AF from the AAnF; they must agree. One check.
 */
final class AkmaDemo {

  static final String AF = "af.home1.net";

  final String aanfId = UUID.randomUUID().toString();
  private final String ausfId = UUID.randomUUID().toString();
  private final String afId = UUID.randomUUID().toString();
  private final PrintWriter out;

  AkmaDemo(PrintWriter out) {
    this.out = out;
  }

  /** The AAnF's settings for the 5G BSF, its tokens checked with {@code nrfKey}. */
  Map<String, String> settings(java.nio.file.Path nrfKey) {
    return Map.of(
        "aanf.enabled",
        "true",
        "aanf.nf-instance-id",
        aanfId,
        "aanf.oauth2.nrf-keys",
        nrfKey.toString(),
        "aanf.ausfs",
        ausfId,
        "aanf.afs",
        afId + "=demo",
        "aanf.af-fqdns",
        afId + "=" + AF,
        "aanf.supi-afs",
        afId);
  }

  /** Runs the leg against the AAnF at {@code sbi}; true if the AF and the UE agree on K_AF. */
  boolean run(InetSocketAddress sbi, SimulatedNrf nrf) throws InterruptedException {
    URI root = URI.create("http://127.0.0.1:" + sbi.getPort());
    AkmaSubscriber ue = AkmaSubscriber.of("001", "01", 1, 1);
    try (SbiClient client =
        new SbiClient(SbiClientSettings.defaults("demo-akma"), new SimpleMeterRegistry())) {
      SimulatedAusf ausf =
          new SimulatedAusf(client(client, root, nrf, ausfId, NaanfService.ANCHORKEY_SCOPE));
      NaanfClient.Result registered = await(ausf.authenticated(ue));
      if (!(registered instanceof NaanfClient.Result.Registered)) {
        out.printf("FAIL  AUSF could not register %s's anchor key: %s%n", ue.supi(), registered);
        return false;
      }
      SimulatedAf af =
          SimulatedAf.httpDigest(
              client(
                  client,
                  root,
                  nrf,
                  afId,
                  NaanfService.KEYGET_SCOPE + " " + NaanfService.SUPI_ACCESS_SCOPE),
              AF);
      SimulatedAf.Outcome got = await(af.retrieve(ue, false));
      boolean agreed = got instanceof SimulatedAf.Outcome.Agreed;
      out.printf(
          "%s  AKMA: AUSF registered %s's K_AKMA, A-KID %s…; AF %s got K_AF from the AAnF"
              + " (Naanf_AKMA, HTTP/2): AF key agreed with UE: %s%n",
          agreed ? "PASS" : "FAIL",
          ue.supi().value(),
          ue.aKid().value().substring(0, 10),
          AF,
          agreed ? "yes" : "no (" + got + ")");
      return agreed;
    }
  }

  private static NaanfClient client(
      SbiClient client, URI root, SimulatedNrf nrf, String subject, String scope) {
    String token =
        nrf.token(subject, "AANF", NaanfService.API + " " + scope, Duration.ofMinutes(5));
    return new NaanfClient(client, root, Optional.of(token), Duration.ofSeconds(5));
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
