package org.gbabsf.cassandra.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * Runs local Cassandra nodes for developers until Ctrl-C:
 *
 * <pre>
 *   deploy/cassandra-local.sh [--nodes 1|2|3] [--dcs 1|2] [--heap-mb 1024] [--dir target/cassandra/dev]
 *       [--first-address 127.0.0.1]
 *       [--client-tls-keystore node.p12 --client-tls-keystore-password P
 *        [--client-tls-truststore trust.p12 --client-tls-truststore-password P]
 *        [--require-client-auth]]
 * </pre>
 *
 * Nodes are 127.0.0.1, .2, .3; with {@code --dcs 2} the nodes alternate between {@code dc1} and
 * {@code dc2}. With {@code --client-tls-keystore}, every node serves CQL over TLS only (see {@link
 * ClientTls}), presenting the certificate of that PKCS#12 key store; {@code --require-client-auth}
 * also wants a client certificate leading to a CA of the trust store.
 */
public final class LocalCassandraMain {

  private LocalCassandraMain() {}

  /** Entry point. */
  public static void main(String[] args) throws Exception {
    int nodes = 1;
    int dcs = 1;
    int heapMb = 1024;
    Path dir = Path.of("target", "cassandra", "dev");
    int first = 1;
    Path keystore = null;
    String keystorePassword = "";
    Path truststore = null;
    String truststorePassword = "";
    boolean requireClientAuth = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--client-tls-keystore" -> keystore = Path.of(args[++i]);
        case "--client-tls-keystore-password" -> keystorePassword = args[++i];
        case "--client-tls-truststore" -> truststore = Path.of(args[++i]);
        case "--client-tls-truststore-password" -> truststorePassword = args[++i];
        case "--require-client-auth" -> requireClientAuth = true;
        case "--nodes" -> nodes = Integer.parseInt(args[++i]);
        case "--dcs" -> dcs = Integer.parseInt(args[++i]);
        case "--heap-mb" -> heapMb = Integer.parseInt(args[++i]);
        case "--dir" -> dir = Path.of(args[++i]);
        case "--first-address" -> first = Integer.parseInt(args[++i].replace("127.0.0.", ""));
        default -> {
          System.err.println(
              "usage: [--nodes 1..3] [--dcs 1..2] [--heap-mb N] [--dir DIR]"
                  + " [--first-address 127.0.0.N] [--client-tls-keystore P12"
                  + " --client-tls-keystore-password P [--client-tls-truststore P12"
                  + " --client-tls-truststore-password P] [--require-client-auth]]");
          System.exit(2);
        }
      }
    }
    if (first < 1 || first + nodes > 255) {
      System.err.println("--first-address must be 127.0.0.1 .. 127.0.0.254");
      System.exit(2);
    }
    if (nodes < 1 || nodes > 3 || dcs < 1 || dcs > 2 || dcs > nodes) {
      System.err.println("--nodes must be 1..3 and --dcs 1..2 (at most one DC per node)");
      System.exit(2);
    }
    List<LocalCassandraCluster.NodeDef> defs = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      String dc = dcs == 1 ? "datacenter1" : "dc" + (n % dcs + 1);
      defs.add(new LocalCassandraCluster.NodeDef("127.0.0." + (first + n), dc));
    }
    Optional<ClientTls> tls = Optional.empty();
    if (keystore != null) {
      try {
        tls =
            Optional.of(
                new ClientTls(
                    keystore,
                    keystorePassword,
                    Optional.ofNullable(truststore),
                    truststorePassword,
                    requireClientAuth));
      } catch (IllegalArgumentException e) {
        System.err.println("--require-client-auth needs --client-tls-truststore");
        System.exit(2);
      }
    } else if (truststore != null || requireClientAuth) {
      System.err.println(
          "--client-tls-truststore and --require-client-auth need --client-tls-keystore");
      System.exit(2);
    }
    LocalCassandraCluster plain = LocalCassandraCluster.of(dir, defs, heapMb);
    LocalCassandraCluster cluster = tls.isPresent() ? plain.withClientTls(tls.get()) : plain;
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  cluster.close();
                  stop.countDown();
                }));
    cluster.start();
    for (LocalCassandraNode n : cluster.nodes()) {
      System.out.printf(
          "Cassandra %s:%d  dc=%s  data=%s%s%n",
          n.spec().address(),
          LocalCassandraNode.CQL_PORT,
          n.spec().datacenter(),
          n.spec().directory(),
          n.spec()
              .clientTls()
              .map(t -> "  CQL over TLS only" + (t.requireClientAuth() ? ", mutual" : ""))
              .orElse(""));
    }
    System.out.println("Ready. Ctrl-C stops every node.");
    stop.await();
  }
}
