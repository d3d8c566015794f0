package org.gbabsf.server;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.server.config.ConfigLoader;

/**
 * BSF instances for server-level tests: real {@link BsfContext}s on loopback with ephemeral ports,
 * clients to them, and cleanup of everything in {@link #close()}.
 */
final class TestBsf implements AutoCloseable {

  static final String REALM = "bsf.home1.net";

  private final EventLoopGroup loops =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final List<AutoCloseable> resources = new ArrayList<>();

  /** Settings of a BSF on Cassandra at {@code endpoint}, keyspace {@code keyspace}. */
  static Map<String, String> onCassandra(
      CassandraEndpoint endpoint, String keyspace, String challenges) {
    Map<String, String> s = new HashMap<>();
    s.put("store.type", "cassandra");
    s.put("store.challenges", challenges);
    s.put("cassandra.contact-points", endpoint.contactPointsText());
    s.put("cassandra.local-datacenter", endpoint.localDatacenter());
    s.put("cassandra.keyspace", keyspace);
    s.put("store.seal.key-ring-file", keyRing().toString());
    return s;
  }

  private static java.nio.file.Path keyRing;

  /** A key ring file of one random key, made once per test JVM and deleted when it exits. */
  static synchronized java.nio.file.Path keyRing() {
    if (keyRing == null) {
      try {
        keyRing = java.nio.file.Files.createTempFile("bsf-test-keyring", "");
        keyRing.toFile().deleteOnExit();
        java.nio.file.Files.writeString(
            keyRing,
            org.gbabsf.core.seal.KeyRing.newEntry(1, new java.security.SecureRandom()) + "\n");
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return keyRing;
  }

  /**
   * Starts a Zh HSS simulator {@code hss1.home1.net} on a free loopback port over {@code
   * subscribers}, closed with this object.
   */
  ZhHssSimulator startHss(SubscriberDirectory subscribers, Duration gussLifetime) {
    return startHss(subscribers, new SimulatedGuss(gussLifetime));
  }

  /**
   * Starts a Zh HSS simulator as {@link #startHss(SubscriberDirectory, Duration)}, with {@code
   * guss}.
   */
  ZhHssSimulator startHss(SubscriberDirectory subscribers, SimulatedGuss guss) {
    ZhHssSimulator hss =
        ZhHssSimulator.start(
            new ZhHssSimulator.Settings(
                "hss1.home1.net", "home1.net", "127.0.0.1", Ports.free(), true),
            subscribers,
            guss);
    resources.add(0, hss); // closed last, after the BSFs that use it
    return hss;
  }

  /** Settings of a BSF reaching {@code hss} over Zh, with its own free Diameter port. */
  static Map<String, String> onZh(ZhHssSimulator hss) {
    Map<String, String> s = new HashMap<>();
    s.put("hss.type", "zh");
    s.put("zh.peers", "hss1.home1.net=127.0.0.1:" + hss.settings().port());
    s.put("diameter.listen-port", Integer.toString(Ports.free()));
    return s;
  }

  /** Starts a BSF with {@code settings} on top of loopback/ephemeral defaults. */
  BsfContext start(Map<String, String> settings) throws InterruptedException {
    Map<String, String> all = new HashMap<>(settings);
    all.putIfAbsent("hss.type", "simulated");
    all.putIfAbsent("admin.port", "0");
    all.putIfAbsent("zn.enabled", "false");
    all.put("ub.listen-address", "127.0.0.1");
    all.put("ub.port", "0");
    BsfContext context = BsfContext.create(ConfigLoader.load(null, Map.of(), all));
    resources.add(context);
    context.start();
    return context;
  }

  /**
   * Starts a NAF simulator {@code host} in {@code realm} connecting to {@code bsf}'s Diameter node;
   * closed with this object, before the BSFs. Does not wait for the connection.
   */
  org.gbabsf.diameter.zn.NafClient startNaf(String host, String realm, BsfContext bsf) {
    org.gbabsf.diameter.zn.NafClient naf =
        org.gbabsf.diameter.zn.NafClient.start(
            host,
            realm,
            "127.0.0.1",
            Ports.free(),
            bsf.config().diameter().originHost(),
            "127.0.0.1",
            bsf.config().diameter().listenPort(),
            bsf.config().diameter().originRealm());
    resources.add(naf);
    return naf;
  }

  /** Starts a NAF as {@link #startNaf} and waits until its connection to {@code bsf} is open. */
  org.gbabsf.diameter.zn.NafClient connectedNaf(String host, String realm, BsfContext bsf) {
    org.gbabsf.diameter.zn.NafClient naf = startNaf(host, realm, bsf);
    String bsfHost = bsf.config().diameter().originHost();
    if (!org.gbabsf.core.testing.Poll.until(() -> naf.connected(bsfHost), Duration.ofSeconds(20))) {
      throw new AssertionError("NAF " + host + " did not connect to the BSF");
    }
    return naf;
  }

  /** A keep-alive client to {@code bsf}. */
  UbClient client(BsfContext bsf) {
    InetSocketAddress address = bsf.ubAddress();
    UbClient client = new UbClient(loops, new InetSocketAddress("127.0.0.1", address.getPort()));
    resources.add(client);
    return client;
  }

  /** A keep-alive HTTPS client to {@code bsf}, trusting {@code ca}, checking {@code serverName}. */
  UbClient tlsClient(BsfContext bsf, java.nio.file.Path ca, String serverName) {
    InetSocketAddress address = bsf.ubAddress();
    org.gbabsf.security.tls.TlsMaterial trust =
        org.gbabsf.security.tls.TlsMaterial.load(
            "test-client",
            new org.gbabsf.security.tls.TlsFiles(
                java.util.Optional.empty(), java.util.Optional.empty(), java.util.Optional.of(ca)));
    UbClient client =
        new UbClient(
            loops,
            new InetSocketAddress("127.0.0.1", address.getPort()),
            java.util.Optional.of(
                new org.gbabsf.security.tls.ClientTls(
                    org.gbabsf.security.tls.NettyTls.client(trust, true), serverName)));
    resources.add(client);
    return client;
  }

  /** The UE of generated subscriber {@code n}. */
  static UeAuthenticator ue(int n) {
    GeneratedSubscriberDirectory dir = new GeneratedSubscriberDirectory(1000, "home1.net");
    Impi impi = dir.impi(n);
    return new UeAuthenticator(new SimulatedUsim(dir.find(impi).orElseThrow()), "/");
  }

  /** Sends a Ub GET with {@code authorization}. */
  static UbClient.Response send(UbClient client, String authorization) throws Exception {
    return await(
        client.get(
            "/", Map.of("User-Agent", UeAuthenticator.USER_AGENT, "Authorization", authorization)));
  }

  static <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws Exception {
    for (int i = resources.size() - 1; i >= 0; i--) {
      resources.get(i).close();
    }
    loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }
}
