package org.gbabsf.server;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
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

  /** A keep-alive client to {@code bsf}. */
  UbClient client(BsfContext bsf) {
    InetSocketAddress address = bsf.ubAddress();
    UbClient client = new UbClient(loops, new InetSocketAddress("127.0.0.1", address.getPort()));
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
