package org.gbabsf.diameter.zh.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.HssClientContract;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.SimulatedUsim.AkaResult;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.PeerConfig;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.zh.ZhHssClient;
import org.gbabsf.diameter.zh.avp.ZhAvps;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * ZhHssClient through a real Diameter connection (jdiameter, TCP) to the HSS simulator: the port's
 * contract ({@link HssClientContract}), and what only Zh does (a silent or slow HSS).
 */
class ZhHssClientIT extends HssClientContract {

  private static final AppId ZH = new AppId(BaseAvps.VENDOR_3GPP, ZhAvps.APPLICATION_ID);
  private final GeneratedSubscriberDirectory subscribers =
      new GeneratedSubscriberDirectory(100, "home1.net");
  private ZhHssSimulator hss;
  private DiameterNode bsf;
  private ZhHssClient client;
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private static final Instant GUSS_CHANGED_AT = Instant.parse("2026-01-01T00:00:00Z");

  @BeforeEach
  void start() throws IOException {
    int hssPort = Ports.free();
    hss =
        ZhHssSimulator.start(
            new ZhHssSimulator.Settings("hss1.home1.net", "home1.net", "127.0.0.1", hssPort, true),
            subscribers,
            new SimulatedGuss(
                GUSS_LIFETIME, SimulatedGuss.DEFAULT_USS, Optional.of(GUSS_CHANGED_AT)));
    bsf =
        DiameterNode.start(
            DiameterNodeConfig.clientOf(
                "bsf.operator.example",
                "operator.example", // a realm of its own: answers must follow the connection
                "127.0.0.1",
                Ports.free(),
                "gba-bsf",
                ZH,
                new PeerConfig("hss1.home1.net", "127.0.0.1", hssPort, 1),
                "home1.net",
                true),
            Map.of());
    client =
        new ZhHssClient(
            bsf,
            new ZhHssClient.Settings(
                "home1.net",
                List.of("hss1.home1.net"),
                Duration.ofMillis(500),
                Duration.ofSeconds(2),
                Duration.ofSeconds(5)),
            registry);
    assertThat(Poll.until(client::isAvailable, Duration.ofSeconds(20))).as("peer up").isTrue();
  }

  @Override
  protected GeneratedSubscriberDirectory subscribers() {
    return subscribers;
  }

  @Override
  protected HssClient client() {
    return client;
  }

  @AfterEach
  void stop() {
    bsf.close();
    hss.close();
  }

  @Test
  void should_answer_unavailable_when_the_hss_stays_silent() throws Exception {
    hss.faults(new ZhHssSimulator.Faults(Duration.ZERO, 0, 3004, true));

    HssAnswer answer =
        client.fetchVector(subscribers.impi(9)).toCompletableFuture().get(5, TimeUnit.SECONDS);

    assertThat(answer).isInstanceOf(HssAnswer.Unavailable.class);
    assertThat(((HssAnswer.Unavailable) answer).reason()).contains("timeout");
  }

  @Test
  void should_answer_after_the_injected_delay_when_the_hss_is_slow() throws Exception {
    hss.faults(new ZhHssSimulator.Faults(Duration.ofMillis(200), 0, 3004, false));
    long start = System.nanoTime();

    HssAnswer answer =
        client.fetchVector(subscribers.impi(10)).toCompletableFuture().get(5, TimeUnit.SECONDS);

    assertThat(answer).isInstanceOf(HssAnswer.Vector.class);
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(200));
  }

  @Test
  void should_send_the_guss_timestamp_and_keep_the_guss_when_the_hss_leaves_it_out_unchanged()
      throws Exception {
    Impi impi = subscribers.impi(11);
    SimulatedUsim usim = usim(impi);
    usim.desynchronise(1L << 31);

    HssAnswer.Vector first = (HssAnswer.Vector) await(client.fetchVector(impi));
    HssAnswer.Vector second = (HssAnswer.Vector) await(client.fetchVector(impi));
    AkaResult refused = usim.authenticate(second.vector().rand().octets(), second.vector().autn());
    HssAnswer.Vector resynced =
        (HssAnswer.Vector)
            await(
                client.resynchronise(
                    impi, second.vector().rand(), ((AkaResult.SyncFailure) refused).auts()));

    HssAnswer.Vector otherUser = (HssAnswer.Vector) await(client.fetchVector(subscribers.impi(12)));

    Guss held = first.guss();
    assertThat(held.timestamp()).contains(GUSS_CHANGED_AT);
    assertThat(second.guss()).isSameAs(held);
    assertThat(resynced.guss()).isSameAs(held);
    assertThat(otherUser.guss().ussList().get(0).uids())
        .containsExactly("sip:" + subscribers.impi(12).value());
    assertThat(hss.gussOmitted()).as("MAAs sent without the GUSS").isEqualTo(2);
    assertThat(registry.counter("bsf.zh.guss", "outcome", "parsed").count()).isEqualTo(2);
    assertThat(registry.counter("bsf.zh.guss", "outcome", "unchanged").count()).isEqualTo(2);
  }
}
