package org.gbabsf.cassandra.local;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.cassandra.CassandraContainer;

/**
 * The Docker path: a Testcontainers {@code CassandraContainer}. Kept in its own class so that the
 * Testcontainers classes are only loaded where a Docker engine is used.
 */
final class TestcontainersCassandra implements AutoCloseable {

  /** The image used where Docker exists; the same major version as the local nodes. */
  static final String IMAGE = "cassandra:5.0";

  private final CassandraContainer container;

  private TestcontainersCassandra(CassandraContainer container) {
    this.container = container;
  }

  /** True if a Docker engine answers. */
  static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (NoClassDefFoundError | IllegalStateException noDocker) {
      return false;
    }
  }

  static TestcontainersCassandra start() {
    CassandraContainer c = new CassandraContainer(IMAGE);
    c.start();
    return new TestcontainersCassandra(c);
  }

  CassandraEndpoint endpoint() {
    return new CassandraEndpoint(
        java.util.List.of(container.getContactPoint()), container.getLocalDatacenter());
  }

  @Override
  public void close() {
    container.stop();
  }
}
