package org.gbabsf.cassandra.local;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the nodes of a local cluster live: their 127.0.0.x addresses, their DCs and the seeds (the
 * first node of each DC). A launcher may start only the nodes of one DC (a "site") with the seeds
 * of the whole topology, so that one launcher per site forms one cluster.
 *
 * @param nodes every node of the cluster, in start order
 * @param dcs how many DCs
 */
public record Topology(List<LocalCassandraCluster.NodeDef> nodes, int dcs) {

  /** Most DCs a launcher accepts. */
  public static final int MAX_DCS = 5;

  /** Most nodes per DC in {@link #grid}. */
  public static final int MAX_NODES_PER_DC = 3;

  /** Most nodes in {@link #alternating}. */
  public static final int MAX_NODES = MAX_DCS * MAX_NODES_PER_DC;

  /** Copies {@code nodes}. */
  public Topology {
    nodes = List.copyOf(nodes);
  }

  /**
   * {@code dcs} DCs of {@code nodesPerDc} nodes each, numbered consecutively: node {@code n} (from
   * 1) of DC {@code d} (from 1) is 127.0.0.({@code first} + (d − 1) × nodesPerDc + n − 1). DCs are
   * named {@code dc1}..{@code dcN}, a single DC {@code datacenter1}.
   *
   * @throws IllegalArgumentException if a count is out of range or an address would pass .254
   */
  public static Topology grid(int first, int dcs, int nodesPerDc) {
    if (dcs < 1 || dcs > MAX_DCS) {
      throw new IllegalArgumentException("--dcs must be 1.." + MAX_DCS);
    }
    if (nodesPerDc < 1 || nodesPerDc > MAX_NODES_PER_DC) {
      throw new IllegalArgumentException("--nodes-per-dc must be 1.." + MAX_NODES_PER_DC);
    }
    checkAddresses(first, dcs * nodesPerDc);
    List<LocalCassandraCluster.NodeDef> defs = new ArrayList<>();
    for (int d = 1; d <= dcs; d++) {
      for (int n = 1; n <= nodesPerDc; n++) {
        defs.add(
            new LocalCassandraCluster.NodeDef(
                "127.0.0." + (first + (d - 1) * nodesPerDc + n - 1), dcName(d, dcs)));
      }
    }
    return new Topology(defs, dcs);
  }

  /**
   * The launcher's original layout: {@code nodes} consecutive addresses from 127.0.0.{@code first},
   * node {@code i} (from 0) in DC {@code i mod dcs + 1} (so the DCs alternate).
   *
   * @throws IllegalArgumentException if a count is out of range, a DC would be empty, or an address
   *     would pass .254
   */
  public static Topology alternating(int first, int nodes, int dcs) {
    if (nodes < 1 || nodes > MAX_NODES || dcs < 1 || dcs > MAX_DCS || dcs > nodes) {
      throw new IllegalArgumentException(
          "--nodes must be 1.."
              + MAX_NODES
              + " and --dcs 1.."
              + MAX_DCS
              + ", at most one per node");
    }
    checkAddresses(first, nodes);
    List<LocalCassandraCluster.NodeDef> defs = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      defs.add(
          new LocalCassandraCluster.NodeDef("127.0.0." + (first + i), dcName(i % dcs + 1, dcs)));
    }
    return new Topology(defs, dcs);
  }

  /** The name of DC {@code d} (from 1) of {@code dcs}: {@code datacenter1} alone, else dcN. */
  public static String dcName(int d, int dcs) {
    return dcs == 1 ? "datacenter1" : "dc" + d;
  }

  /**
   * The seeds of the whole cluster: the first node of each DC (as {@link LocalCassandraCluster}).
   */
  public String seeds() {
    return LocalCassandraCluster.seedsOf(nodes);
  }

  /**
   * The nodes of site {@code k}: those of DC {@code k} (from 1).
   *
   * @throws IllegalArgumentException if there is no such DC
   */
  public List<LocalCassandraCluster.NodeDef> site(int k) {
    if (k < 1 || k > dcs) {
      throw new IllegalArgumentException("--site must be 1.." + dcs + " (one per DC)");
    }
    String dc = dcName(k, dcs);
    return nodes.stream().filter(n -> n.datacenter().equals(dc)).toList();
  }

  private static void checkAddresses(int first, int count) {
    if (first < 1 || first + count - 1 > 254) {
      throw new IllegalArgumentException(
          "the nodes' addresses must lie within 127.0.0.1 .. 127.0.0.254 (--first-address)");
    }
  }
}
