package org.gbabsf.cassandra.local;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * Runs local Cassandra nodes for developers and the benchmark scripts until Ctrl-C (or SIGTERM):
 *
 * <pre>
 *   deploy/cassandra-local.sh [--nodes 1..15] [--dcs 1..5] [--heap-mb 1024] [--dir target/cassandra/dev]
 *       [--first-address 127.0.0.1]
 *       [--client-tls-keystore node.p12 --client-tls-keystore-password P
 *        [--client-tls-truststore trust.p12 --client-tls-truststore-password P]
 *        [--require-client-auth]]
 *   deploy/cassandra-local.sh --dcs 3 --nodes-per-dc 1 [--site K] [--keep-data] ...
 *   deploy/cassandra-local.sh nodetool 127.0.0.N ARGS...    # e.g. repair -full bsf, listpendinghints
 * </pre>
 *
 * With {@code --nodes}, nodes are 127.0.0.1, .2, … and alternate between the DCs. With {@code
 * --nodes-per-dc M}, DC {@code d} holds the M consecutive addresses from 127.0.0.(first + (d − 1) ×
 * M) ({@link Topology#grid}). DCs are {@code dc1}..{@code dcN}, a single one {@code datacenter1};
 * the seeds are the first node of each DC. {@code --site K} starts only the nodes of DC K, with the
 * seeds of the whole topology: one launcher per site forms one cluster. {@code --keep-data} keeps
 * the node directories (a node killed and started again keeps its data and its place in the ring);
 * otherwise they are emptied. Every node runs JMX for local clients on 127.0.0.1:{@link
 * LocalCassandraNode#jmxPortOf 7200 + the address's last octet}, which {@code nodetool ADDRESS …}
 * uses. Each node's line gives its PID, so that a script can {@code kill -9} a site. With {@code
 * --client-tls-keystore}, every node serves CQL over TLS only (see {@link ClientTls}), presenting
 * the certificate of that PKCS#12 key store; {@code --require-client-auth} also wants a client
 * certificate leading to a CA of the trust store.
 */
public final class LocalCassandraMain {

  static final String USAGE =
      "usage: [--nodes 1..15 | --nodes-per-dc 1..3] [--dcs 1..5] [--site K] [--keep-data]"
          + " [--heap-mb N] [--dir DIR] [--first-address 127.0.0.N] [--client-tls-keystore P12"
          + " --client-tls-keystore-password P [--client-tls-truststore P12"
          + " --client-tls-truststore-password P] [--require-client-auth]]\n"
          + "   or: nodetool 127.0.0.N ARGS...";

  private LocalCassandraMain() {}

  /**
   * What the command line asks for.
   *
   * @param topology every node of the cluster
   * @param site the DC whose nodes to start (from 1), or 0 for every node
   * @param keepData keep the node directories
   * @param heapMb each node's heap
   * @param dir where the node directories live
   * @param tls client encryption of the CQL port, if asked
   */
  record Launch(
      Topology topology,
      int site,
      boolean keepData,
      int heapMb,
      Path dir,
      Optional<ClientTls> tls) {

    /** The nodes to start: those of the site, or all. */
    List<LocalCassandraCluster.NodeDef> nodesToStart() {
      return site == 0 ? topology.nodes() : topology.site(site);
    }
  }

  /**
   * Reads the options.
   *
   * @throws IllegalArgumentException with the message to print when they are wrong
   */
  static Launch parse(String[] args) {
    int nodes = 0;
    int nodesPerDc = 0;
    int dcs = 1;
    int site = 0;
    boolean keepData = false;
    int heapMb = 1024;
    Path dir = Path.of("target", "cassandra", "dev");
    int first = 1;
    Path keystore = null;
    String keystorePassword = "";
    Path truststore = null;
    String truststorePassword = "";
    boolean requireClientAuth = false;
    try {
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--client-tls-keystore" -> keystore = Path.of(args[++i]);
          case "--client-tls-keystore-password" -> keystorePassword = args[++i];
          case "--client-tls-truststore" -> truststore = Path.of(args[++i]);
          case "--client-tls-truststore-password" -> truststorePassword = args[++i];
          case "--require-client-auth" -> requireClientAuth = true;
          case "--nodes" -> nodes = Integer.parseInt(args[++i]);
          case "--nodes-per-dc" -> nodesPerDc = Integer.parseInt(args[++i]);
          case "--dcs" -> dcs = Integer.parseInt(args[++i]);
          case "--site" -> site = Integer.parseInt(args[++i]);
          case "--keep-data" -> keepData = true;
          case "--heap-mb" -> heapMb = Integer.parseInt(args[++i]);
          case "--dir" -> dir = Path.of(args[++i]);
          case "--first-address" -> first = Integer.parseInt(args[++i].replace("127.0.0.", ""));
          default -> throw new IllegalArgumentException(USAGE);
        }
      }
    } catch (ArrayIndexOutOfBoundsException | NumberFormatException e) {
      throw new IllegalArgumentException(USAGE);
    }
    if (nodes != 0 && nodesPerDc != 0) {
      throw new IllegalArgumentException("--nodes and --nodes-per-dc exclude each other");
    }
    if (nodes < 0 || nodesPerDc < 0 || site < 0) {
      throw new IllegalArgumentException(USAGE);
    }
    if (heapMb < 256) {
      throw new IllegalArgumentException("--heap-mb must be at least 256");
    }
    Topology topology =
        nodesPerDc > 0
            ? Topology.grid(first, dcs, nodesPerDc)
            : Topology.alternating(first, nodes == 0 ? 1 : nodes, dcs);
    if (site > 0) {
      topology.site(site); // checks the site exists
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
        throw new IllegalArgumentException("--require-client-auth needs --client-tls-truststore");
      }
    } else if (truststore != null || requireClientAuth) {
      throw new IllegalArgumentException(
          "--client-tls-truststore and --require-client-auth need --client-tls-keystore");
    }
    return new Launch(topology, site, keepData, heapMb, dir, tls);
  }

  /** Entry point. */
  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("nodetool")) {
      if (args.length < 2) {
        System.err.println(USAGE);
        System.exit(2);
      }
      System.exit(LocalNodeTool.run(args[1], List.of(args).subList(2, args.length)));
    }
    Launch launch;
    try {
      launch = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    LocalCassandraCluster plain =
        LocalCassandraCluster.of(
                launch.dir(),
                launch.nodesToStart(),
                launch.topology().seeds(),
                launch.heapMb(),
                launch.keepData())
            .withJmx();
    LocalCassandraCluster cluster =
        launch.tls().isPresent() ? plain.withClientTls(launch.tls().get()) : plain;
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
          "Cassandra %s:%d  dc=%s  pid=%d  jmx=127.0.0.1:%d  data=%s%s%n",
          n.spec().address(),
          LocalCassandraNode.CQL_PORT,
          n.spec().datacenter(),
          n.pid(),
          n.spec().jmxPort(),
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
