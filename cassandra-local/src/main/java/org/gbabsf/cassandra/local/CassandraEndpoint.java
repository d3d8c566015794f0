package org.gbabsf.cassandra.local;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where a test or the demo reaches Cassandra: CQL contact points and the local datacenter name the
 * driver needs.
 *
 * @param contactPoints CQL addresses
 * @param localDatacenter the datacenter of the contact points
 */
public record CassandraEndpoint(List<InetSocketAddress> contactPoints, String localDatacenter) {

  /** Copies the list. */
  public CassandraEndpoint {
    contactPoints = List.copyOf(contactPoints);
  }

  /**
   * Contact points as {@code host:port,host:port}, the format of {@code cassandra.contact-points}.
   */
  public String contactPointsText() {
    return contactPoints.stream()
        .map(a -> a.getHostString() + ":" + a.getPort())
        .collect(Collectors.joining(","));
  }
}
