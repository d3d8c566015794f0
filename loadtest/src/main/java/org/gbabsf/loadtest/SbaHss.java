package org.gbabsf.loadtest;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.sba.http.SbiServer;
import org.gbabsf.sba.http.SbiServerSettings;
import org.gbabsf.sba.sim.HssSimulator;

/**
 * {@code loadtest hss --n65}: the HSS of N65 (nhss-gba-ueau, nhss-gba-sdm, TS 29.562) and the UDM
 * of N68 (nudm-ueau, TS 29.503) from {@link HssSimulator}, served over HTTP/2 with prior knowledge
 * (h2c) on an {@link SbiServer}. Closing it stops the server.
 */
final class SbaHss implements AutoCloseable {

  private final SimpleMeterRegistry registry;
  private final SbiServer server;
  private final InetSocketAddress address;

  private SbaHss(SimpleMeterRegistry registry, SbiServer server, InetSocketAddress address) {
    this.registry = registry;
    this.server = server;
    this.address = address;
  }

  /**
   * Starts serving {@code subscribers} on {@code address:port} (0: ephemeral); N68's IMSIs belong
   * to the home network {@code mcc}/{@code mnc}; every answer waits {@code delay} first.
   */
  static SbaHss start(
      String address,
      int port,
      SubscriberDirectory subscribers,
      SimulatedGuss guss,
      String mcc,
      String mnc,
      Duration delay)
      throws InterruptedException {
    HssSimulator simulator = new HssSimulator(subscribers, guss, mcc, mnc, delay);
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    SbiServer server =
        new SbiServer(
            simulator.routes(),
            SbiServerSettings.defaults("hss", address, port),
            registry,
            Optional.empty());
    return new SbaHss(registry, server, server.start());
  }

  /** The bound address. */
  InetSocketAddress address() {
    return address;
  }

  /** The apiRoot of the BSF's {@code n65.instances} and {@code udm.instances}. */
  String apiRoot() {
    String host = address.getHostString();
    return "http://" + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + address.getPort();
  }

  /** Requests answered so far, any API and status. */
  long requests() {
    return (long)
        registry.find("bsf.sbi.server.requests").counters().stream()
            .mapToDouble(Counter::count)
            .sum();
  }

  @Override
  public void close() {
    server.close();
  }
}
