package org.gbabsf.sba.hss;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.port.HssClient;
import org.gbabsf.core.port.HssClientContract;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.http.SbiServer;
import org.gbabsf.sba.http.SbiServerSettings;
import org.gbabsf.sba.n65.N65Api;
import org.gbabsf.sba.n68.ImsiImpi;
import org.gbabsf.sba.n68.N68Api;
import org.gbabsf.sba.openapi.ContractRoutes;
import org.gbabsf.sba.sim.HssSimulator;
import org.gbabsf.sba.sim.ImsiSubscribers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;

/**
 * {@link SbiHssClient} over real HTTP/2 to the HSS/UDM simulator, against the port's contract: with
 * {@link N65Api} and with {@link N68Api}. Every exchange is checked against the 3GPP YAML.
 */
class SbiHssClientContractIT {

  /** Users the N68 simulator knows: the IMSI-derived IMPIs of 001/01. */
  static final ImsiSubscribers IMSI_USERS = new ImsiSubscribers("001", "01");

  abstract static class Over extends HssClientContract {
    final GeneratedSubscriberDirectory subscribers =
        new GeneratedSubscriberDirectory(100, "home1.net");
    final List<String> violations = new CopyOnWriteArrayList<>();
    final List<AutoCloseable> open = new ArrayList<>();
    SbiHssClient client;

    abstract HssApi api();

    abstract SubscriberDirectory directory();

    @BeforeEach
    void start() throws InterruptedException {
      SbiServer hss =
          new SbiServer(
              ContractRoutes.checked(
                  new HssSimulator(
                          directory(), new SimulatedGuss(GUSS_LIFETIME), "001", "01", Duration.ZERO)
                      .routes(),
                  violations,
                  new CopyOnWriteArrayList<>()),
              SbiServerSettings.defaults("hss", "127.0.0.1", 0),
              new SimpleMeterRegistry(),
              Optional.empty());
      open.add(hss);
      InetSocketAddress a = hss.start();
      SbiClient sbi = new SbiClient(SbiClientSettings.defaults("hss"), new SimpleMeterRegistry());
      open.add(sbi);
      client =
          new SbiHssClient(
              sbi,
              api(),
              new SbiHssClient.Settings(
                  List.of(URI.create("http://127.0.0.1:" + a.getPort())),
                  Duration.ofSeconds(2),
                  Duration.ofSeconds(4),
                  Duration.ofSeconds(5)),
              new SimpleMeterRegistry());
    }

    @AfterEach
    void stop() throws Exception {
      client.close();
      for (int i = open.size() - 1; i >= 0; i--) {
        open.get(i).close();
      }
      assertThat(violations).as("exchanges against the 3GPP YAML").isEmpty();
    }

    @Override
    protected GeneratedSubscriberDirectory subscribers() {
      return subscribers;
    }

    @Override
    protected HssClient client() {
      return client;
    }
  }

  @Nested
  class N65 extends Over {
    @Override
    HssApi api() {
      return new N65Api();
    }

    @Override
    SubscriberDirectory directory() {
      return subscribers;
    }
  }

  @Nested
  class N68 extends Over {
    @Override
    HssApi api() {
      return new N68Api(new SimulatedGuss(GUSS_LIFETIME)::forUser);
    }

    @Override
    SubscriberDirectory directory() {
      return IMSI_USERS;
    }

    @Override
    protected Impi impi(int n) {
      return IMSI_USERS.impi(n);
    }

    @Override
    protected Impi stranger() {
      // IMSI-derived, but of another home network than the UDM serves: unknown there.
      return ImsiImpi.impi("00202000000001", "002", "02");
    }
  }
}
