package org.gbabsf.cassandra.local;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JUnit 5 extension that gives a test a real Cassandra: declare a {@link CassandraEndpoint}
 * parameter (constructor, {@code @BeforeAll}/{@code @BeforeEach} or test method).
 *
 * <p>One Cassandra serves every test in the JVM; it starts on first use and stops when the test run
 * ends. Where it comes from is chosen by the environment variable {@code BSF_TEST_CASSANDRA}:
 *
 * <ul>
 *   <li>{@code auto} (default): Testcontainers if a Docker engine answers, else {@code local};
 *   <li>{@code local}: a {@link LocalCassandraNode} on 127.0.0.1, data under {@code
 *       target/cassandra};
 *   <li>{@code testcontainers}: a {@code CassandraContainer} (fails without Docker);
 *   <li>{@code external:HOST:PORT:DC}: an already running Cassandra.
 * </ul>
 *
 * The choice is printed, never silent.
 */
public final class CassandraExtension implements ParameterResolver {

  private static final Logger log = LoggerFactory.getLogger(CassandraExtension.class);
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(CassandraExtension.class);

  /** Heap of the shared local test node. */
  static final int TEST_NODE_HEAP_MB = 1024;

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == CassandraEndpoint.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            SharedCassandra.class, k -> SharedCassandra.start(), SharedCassandra.class)
        .endpoint();
  }

  /** The Cassandra shared by a test run; closed by JUnit when the root context closes. */
  static final class SharedCassandra implements AutoCloseable {
    private final CassandraEndpoint endpoint;
    private final AutoCloseable resource;

    private SharedCassandra(CassandraEndpoint endpoint, AutoCloseable resource) {
      this.endpoint = endpoint;
      this.resource = resource;
    }

    CassandraEndpoint endpoint() {
      return endpoint;
    }

    static SharedCassandra start() {
      String mode = System.getenv().getOrDefault("BSF_TEST_CASSANDRA", "auto").strip();
      String lower = mode.toLowerCase(Locale.ROOT);
      try {
        if (lower.startsWith("external:")) {
          String[] p = mode.split(":");
          if (p.length != 4) {
            throw new ParameterResolutionException(
                "BSF_TEST_CASSANDRA=external:HOST:PORT:DC expected, got " + mode);
          }
          CassandraEndpoint e =
              new CassandraEndpoint(
                  List.of(new InetSocketAddress(p[1], Integer.parseInt(p[2]))), p[3]);
          announce("external Cassandra at " + e.contactPointsText());
          return new SharedCassandra(e, () -> {});
        }
        boolean docker =
            lower.equals("testcontainers")
                || (lower.equals("auto") && TestcontainersCassandra.dockerAvailable());
        if (docker) {
          announce("Testcontainers " + TestcontainersCassandra.IMAGE);
          TestcontainersCassandra tc = TestcontainersCassandra.start();
          return new SharedCassandra(tc.endpoint(), tc);
        }
        if (!lower.equals("auto") && !lower.equals("local")) {
          throw new ParameterResolutionException(
              "BSF_TEST_CASSANDRA must be auto, local, testcontainers or external:HOST:PORT:DC");
        }
        announce("a local Cassandra node on 127.0.0.1 (no Docker engine)");
        LocalCassandraCluster cluster =
            LocalCassandraCluster.singleNode(
                    Path.of("target", "cassandra", "shared"), "127.0.0.1", TEST_NODE_HEAP_MB)
                .start();
        return new SharedCassandra(cluster.endpoint(), cluster);
      } catch (java.io.IOException e) {
        throw new ParameterResolutionException("cannot start Cassandra: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ParameterResolutionException("interrupted while starting Cassandra", e);
      }
    }

    private static void announce(String what) {
      // Printed as well as logged: which Cassandra a test run used must never be silent.
      System.out.println("[cassandra-local] tests use " + what);
      log.info("Tests use {}", what);
    }

    @Override
    public void close() throws Exception {
      resource.close();
    }
  }
}
