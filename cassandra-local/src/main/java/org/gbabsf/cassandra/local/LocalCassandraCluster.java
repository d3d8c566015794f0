package org.gbabsf.cassandra.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One or more {@link LocalCassandraNode}s on 127.0.0.x forming a cluster, started one after the
 * other (the first node of each DC is a seed). Closing it stops every node, whatever happened.
 */
public final class LocalCassandraCluster implements AutoCloseable {

  /** Per-node start budget; a node was seen listening after about 7 s on a 2-core box. */
  public static final Duration START_TIMEOUT = Duration.ofSeconds(120);

  /**
   * A node to create.
   *
   * @param address its 127.0.0.x address
   * @param datacenter its DC
   */
  public record NodeDef(String address, String datacenter) {}

  private final List<LocalCassandraNode> nodes;

  private LocalCassandraCluster(List<LocalCassandraNode> nodes) {
    this.nodes = List.copyOf(nodes);
  }

  /** A single node on {@code address} in DC {@code datacenter1}, data under {@code baseDir}. */
  public static LocalCassandraCluster singleNode(Path baseDir, String address, int heapMb) {
    return of(baseDir, List.of(new NodeDef(address, "datacenter1")), heapMb);
  }

  /**
   * Nodes as defined, with fresh (emptied) directories {@code baseDir/<address>}; seeds are the
   * first node of each DC.
   */
  public static LocalCassandraCluster of(Path baseDir, List<NodeDef> defs, int heapMb) {
    return of(baseDir, defs, seedsOf(defs), heapMb, false);
  }

  /**
   * Nodes as defined, in directories {@code baseDir/<address>}, with the given seeds (which may
   * name nodes this cluster does not start: those of other sites of one cluster).
   *
   * @param keepData keep what the directories hold (a node restarted after a crash keeps its data
   *     and its identity in the ring); false empties them
   */
  public static LocalCassandraCluster of(
      Path baseDir, List<NodeDef> defs, String seeds, int heapMb, boolean keepData) {
    List<LocalCassandraNode> nodes = new ArrayList<>();
    for (NodeDef d : defs) {
      Path dir = baseDir.toAbsolutePath().resolve(d.address());
      if (!keepData) {
        deleteRecursively(dir);
      }
      nodes.add(
          new LocalCassandraNode(
              new LocalCassandraNode.Spec(
                  d.address(), d.datacenter(), "rack1", seeds, heapMb, dir)));
    }
    return new LocalCassandraCluster(nodes);
  }

  /** The seeds of {@code defs}: the first node of each DC, sorted, comma-separated. */
  public static String seedsOf(List<NodeDef> defs) {
    return defs.stream()
        .collect(Collectors.toMap(NodeDef::datacenter, NodeDef::address, (a, b) -> a))
        .values()
        .stream()
        .sorted()
        .collect(Collectors.joining(","));
  }

  /**
   * This cluster, not started yet, with JMX on every node for local clients only (127.0.0.1, no
   * authentication), on {@link LocalCassandraNode#jmxPortOf its address's port}, so that {@link
   * LocalNodeTool} can reach it.
   */
  public LocalCassandraCluster withJmx() {
    List<LocalCassandraNode> managed = new ArrayList<>();
    for (LocalCassandraNode n : nodes) {
      managed.add(
          new LocalCassandraNode(
              n.spec().withJmxPort(LocalCassandraNode.jmxPortOf(n.spec().address()))));
    }
    return new LocalCassandraCluster(managed);
  }

  /**
   * This cluster, not started yet, with PasswordAuthenticator on every node (user {@code
   * cassandra}, password {@code cassandra}).
   */
  public LocalCassandraCluster withPasswordAuth() {
    List<LocalCassandraNode> authed = new ArrayList<>();
    for (LocalCassandraNode n : nodes) {
      authed.add(new LocalCassandraNode(n.spec().withPasswordAuth()));
    }
    return new LocalCassandraCluster(authed);
  }

  /**
   * This cluster, not started yet, serving CQL over TLS only on every node, as {@code tls} says
   * ({@code client_encryption_options}; see {@link ClientTls}). Every node presents the same
   * certificate, which should then name every node's address.
   */
  public LocalCassandraCluster withClientTls(ClientTls tls) {
    List<LocalCassandraNode> encrypted = new ArrayList<>();
    for (LocalCassandraNode n : nodes) {
      encrypted.add(new LocalCassandraNode(n.spec().withClientTls(tls)));
    }
    return new LocalCassandraCluster(encrypted);
  }

  /** Starts every node in order; on failure stops those already started and rethrows. */
  public LocalCassandraCluster start() throws IOException, InterruptedException {
    try {
      for (LocalCassandraNode node : nodes) {
        node.start(START_TIMEOUT);
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      close();
      throw e;
    }
    return this;
  }

  /** The nodes, in definition order. */
  public List<LocalCassandraNode> nodes() {
    return nodes;
  }

  /** The CQL endpoint of the nodes of {@code datacenter}. */
  public CassandraEndpoint endpoint(String datacenter) {
    List<InetSocketAddress> points =
        nodes.stream()
            .filter(n -> n.spec().datacenter().equals(datacenter))
            .map(LocalCassandraNode::cqlAddress)
            .toList();
    if (points.isEmpty()) {
      throw new IllegalArgumentException("no node in " + datacenter);
    }
    return new CassandraEndpoint(points, datacenter);
  }

  /** The endpoint of the first node's DC. */
  public CassandraEndpoint endpoint() {
    return endpoint(nodes.get(0).spec().datacenter());
  }

  /** Stops every node, last first. Never throws. */
  @Override
  public void close() {
    for (int i = nodes.size() - 1; i >= 0; i--) {
      nodes.get(i).close();
    }
  }

  /** Deletes a directory tree, ignoring failures (for temporary directories). */
  public static void deleteQuietly(Path dir) {
    try {
      deleteRecursively(dir);
    } catch (UncheckedIOException ignored) {
      // A temporary directory left behind is not worth failing for.
    }
  }

  static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot clear " + dir, e);
    }
  }
}
