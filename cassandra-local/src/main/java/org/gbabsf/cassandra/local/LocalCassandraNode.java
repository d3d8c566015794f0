package org.gbabsf.cassandra.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One real Apache Cassandra node ({@code CassandraDaemon} from {@code cassandra-all}, resolved by
 * Maven) in a child JVM, with a generated minimal {@code cassandra.yaml} and its own directories.
 * The JVM gets the {@code --add-opens}/{@code --add-exports} flags of Cassandra's {@code
 * jvm17-server.options}, exits when its launcher does, and is killed by {@link #close()}.
 */
public final class LocalCassandraNode implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalCassandraNode.class);

  /** CQL port of every local node; nodes differ by address (127.0.0.x). */
  public static final int CQL_PORT = 9042;

  /**
   * JMX ports, when JMX is on: {@value} + the last octet of the node's address (127.0.0.11: 7211),
   * on 127.0.0.1, where Cassandra's local JMX always listens.
   */
  public static final int JMX_PORT_BASE = 7200;

  /** Flags of Cassandra 5.0's conf/jvm17-server.options (JPMS section). */
  static final List<String> JDK17_FLAGS =
      List.of(
          "-Djdk.attach.allowAttachSelf=true",
          "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
          "--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
          "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
          "--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED",
          "--add-exports=java.sql/java.sql=ALL-UNNAMED",
          "--add-exports=java.base/java.lang.ref=ALL-UNNAMED",
          "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
          "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
          "--add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.module=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.math=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.module=ALL-UNNAMED",
          "--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED",
          "--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED",
          "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
          "--add-opens=java.base/java.io=ALL-UNNAMED",
          "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
          "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
          "--add-opens=java.base/java.lang=ALL-UNNAMED",
          "--add-opens=java.base/java.util=ALL-UNNAMED",
          "-Dio.netty.tryReflectionSetAccessible=true");

  /**
   * What a node needs to know.
   *
   * @param address its 127.0.0.x address (listen, RPC and CQL)
   * @param datacenter its DC (GossipingPropertyFileSnitch)
   * @param rack its rack
   * @param seeds comma-separated seed addresses
   * @param heapMb -Xms = -Xmx in MiB
   * @param directory its data, logs and config
   * @param passwordAuth PasswordAuthenticator with the default superuser {@code cassandra}/{@code
   *     cassandra}, created at once; else AllowAllAuthenticator
   * @param clientTls client encryption of the CQL port (TLS only); empty: CQL in clear
   * @param jmxPort JMX for local clients only ({@code cassandra.jmx.local.port}: 127.0.0.1, no
   *     authentication) on this port; 0: no JMX
   */
  public record Spec(
      String address,
      String datacenter,
      String rack,
      String seeds,
      int heapMb,
      Path directory,
      boolean passwordAuth,
      Optional<ClientTls> clientTls,
      int jmxPort) {

    /** Checks that {@code clientTls} is not null and the JMX port in range. */
    public Spec {
      java.util.Objects.requireNonNull(clientTls, "clientTls");
      if (jmxPort < 0 || jmxPort > 65535) {
        throw new IllegalArgumentException("JMX port out of range: " + jmxPort);
      }
    }

    /** A node without JMX. */
    public Spec(
        String address,
        String datacenter,
        String rack,
        String seeds,
        int heapMb,
        Path directory,
        boolean passwordAuth,
        Optional<ClientTls> clientTls) {
      this(address, datacenter, rack, seeds, heapMb, directory, passwordAuth, clientTls, 0);
    }

    /** A node without authentication. */
    public Spec(
        String address, String datacenter, String rack, String seeds, int heapMb, Path directory) {
      this(address, datacenter, rack, seeds, heapMb, directory, false);
    }

    /** A node with or without PasswordAuthenticator, CQL in clear. */
    public Spec(
        String address,
        String datacenter,
        String rack,
        String seeds,
        int heapMb,
        Path directory,
        boolean passwordAuth) {
      this(address, datacenter, rack, seeds, heapMb, directory, passwordAuth, Optional.empty());
    }

    /** This node with PasswordAuthenticator on. */
    public Spec withPasswordAuth() {
      return new Spec(
          address, datacenter, rack, seeds, heapMb, directory, true, clientTls, jmxPort);
    }

    /** This node serving CQL over TLS only, as {@code tls} says. */
    public Spec withClientTls(ClientTls tls) {
      return new Spec(
          address,
          datacenter,
          rack,
          seeds,
          heapMb,
          directory,
          passwordAuth,
          Optional.of(tls),
          jmxPort);
    }

    /** This node with JMX for local clients on {@code port} (0: none). */
    public Spec withJmxPort(int port) {
      return new Spec(
          address, datacenter, rack, seeds, heapMb, directory, passwordAuth, clientTls, port);
    }
  }

  private final Spec spec;
  private Process process;

  /** A node that is not started yet. */
  public LocalCassandraNode(Spec spec) {
    this.spec = spec;
  }

  /** The node's specification. */
  public Spec spec() {
    return spec;
  }

  /** The JMX port {@link LocalCassandraCluster#withJmx()} gives the node at {@code address}. */
  public static int jmxPortOf(String address) {
    return JMX_PORT_BASE + Integer.parseInt(address.substring(address.lastIndexOf('.') + 1));
  }

  /** The process id of the node's JVM, or -1 before it was started. */
  public synchronized long pid() {
    return process == null ? -1 : process.pid();
  }

  /** The node's CQL address. */
  public InetSocketAddress cqlAddress() {
    return new InetSocketAddress(spec.address(), CQL_PORT);
  }

  /**
   * Writes the configuration, launches the JVM and waits until CQL accepts connections.
   *
   * @throws IllegalStateException if the port is taken or the node does not come up in time; the
   *     message carries the tail of the node's log
   */
  public synchronized void start(Duration timeout) throws IOException, InterruptedException {
    if (process != null && process.isAlive()) {
      return;
    }
    if (accepting(cqlAddress(), 200)) {
      throw new IllegalStateException(
          cqlAddress()
              + " already accepts connections: another Cassandra is running there"
              + " (a stray node? see docs/storage.md, 'Running a local node')");
    }
    Path dir = spec.directory();
    Files.createDirectories(dir.resolve("logs"));
    Files.writeString(dir.resolve("cassandra.yaml"), yaml(), StandardCharsets.UTF_8);
    Files.writeString(
        dir.resolve("cassandra-rackdc.properties"),
        "dc=" + spec.datacenter() + "\nrack=" + spec.rack() + "\n",
        StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("logback.xml"), logback(), StandardCharsets.UTF_8);
    List<String> command = command();
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.redirectErrorStream(true);
    pb.redirectOutput(dir.resolve("logs/stdout.log").toFile());
    log.info(
        "Starting Cassandra node {} (dc {}{}) in {}",
        spec.address(),
        spec.datacenter(),
        spec.clientTls().map(t -> ", CQL over TLS only").orElse(""),
        dir);
    process = pb.start();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!accepting(cqlAddress(), 200)) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "Cassandra node " + spec.address() + " exited with " + process.exitValue() + logTail());
      }
      if (System.nanoTime() > deadline) {
        kill();
        throw new IllegalStateException(
            "Cassandra node " + spec.address() + " not accepting CQL after " + timeout + logTail());
      }
      // Wait on the process rather than sleep: returns early if it dies.
      process.waitFor(250, TimeUnit.MILLISECONDS);
    }
    log.info("Cassandra node {} accepts CQL on {}", spec.address(), cqlAddress());
  }

  /** The node's JVM command line. */
  List<String> command() {
    Path dir = spec.directory();
    List<String> command = new ArrayList<>();
    command.add(javaExecutable());
    command.add("-Xms" + spec.heapMb() + "m");
    command.add("-Xmx" + spec.heapMb() + "m");
    command.add("-XX:+UseG1GC");
    command.add("-XX:+ParallelRefProcEnabled");
    command.add("-XX:MaxGCPauseMillis=300");
    command.add("-Xss512k");
    command.addAll(JDK17_FLAGS);
    command.add("-Djava.net.preferIPv4Stack=true");
    command.add("-Dcassandra-foreground=yes");
    command.add("-Dcassandra.config=" + dir.resolve("cassandra.yaml").toUri());
    command.add(
        "-Dcassandra-rackdc.properties=" + dir.resolve("cassandra-rackdc.properties").toUri());
    command.add("-Dcassandra.storagedir=" + dir);
    command.add("-Dcassandra.logdir=" + dir.resolve("logs"));
    command.add("-Dlogback.configurationFile=" + dir.resolve("logback.xml"));
    command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
    command.add("-Dcassandra.ring_delay_ms=1000");
    command.add("-Dcassandra.load_ring_state=false");
    if (spec.passwordAuth()) {
      command.add("-Dcassandra.superuser_setup_delay_ms=0");
    }
    if (spec.jmxPort() > 0) {
      command.add("-Dcassandra.jmx.local.port=" + spec.jmxPort());
    }
    command.add("-cp");
    command.add(classpath());
    command.add(ParentWatchingCassandraMain.class.getName());
    command.add(Long.toString(ProcessHandle.current().pid()));
    return command;
  }

  /** True while the node's JVM runs. */
  public synchronized boolean isRunning() {
    return process != null && process.isAlive();
  }

  /** Kills the JVM at once, like {@code kill -9}, and waits for it to be gone. */
  public synchronized void kill() throws InterruptedException {
    if (process != null) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /** Stops the node: SIGTERM, then SIGKILL after 20 s. Never throws. */
  @Override
  public synchronized void close() {
    if (process == null || !process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    log.info("Cassandra node {} stopped", spec.address());
  }

  /** The last lines of the node's log, for failure messages. */
  public String logTail() {
    Path stdout = spec.directory().resolve("logs/stdout.log");
    Path system = spec.directory().resolve("logs/system.log");
    StringBuilder out = new StringBuilder();
    for (Path p : List.of(system, stdout)) {
      try {
        if (Files.exists(p)) {
          List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
          out.append("\n--- last lines of ").append(p).append(" ---\n");
          lines
              .subList(Math.max(0, lines.size() - 25), lines.size())
              .forEach(l -> out.append(l).append('\n'));
        }
      } catch (IOException e) {
        out.append("\n(cannot read ").append(p).append(": ").append(e.getMessage()).append(")");
      }
    }
    return out.toString();
  }

  static boolean accepting(InetSocketAddress address, int timeoutMillis) {
    try (Socket s = new Socket()) {
      s.connect(address, timeoutMillis);
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  /** The node's {@code cassandra.yaml}. */
  String yaml() {
    Path dir = spec.directory();
    return String.join(
        "\n",
        "# Generated by org.gbabsf.cassandra.local.LocalCassandraNode: a minimal test node.",
        "cluster_name: bsf-local",
        "num_tokens: 16",
        "allocate_tokens_for_local_replication_factor: 3",
        "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
        "auto_bootstrap: false",
        "data_file_directories:",
        "  - " + dir.resolve("data"),
        "commitlog_directory: " + dir.resolve("commitlog"),
        "saved_caches_directory: " + dir.resolve("saved_caches"),
        "hints_directory: " + dir.resolve("hints"),
        "cdc_raw_directory: " + dir.resolve("cdc_raw"),
        "commitlog_sync: periodic",
        "commitlog_sync_period: 10000ms",
        "seed_provider:",
        "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
        "    parameters:",
        "      - seeds: \"" + spec.seeds() + "\"",
        "listen_address: " + spec.address(),
        "rpc_address: " + spec.address(),
        "storage_port: 7000",
        "native_transport_port: " + CQL_PORT,
        "start_native_transport: true",
        "endpoint_snitch: GossipingPropertyFileSnitch",
        "memtable_allocation_type: offheap_objects",
        "auto_snapshot: false",
        "snapshot_on_duplicate_row_detection: false",
        "compaction_throughput: 64MiB/s",
        "concurrent_reads: 8",
        "concurrent_writes: 16",
        "concurrent_counter_writes: 4",
        spec.passwordAuth()
            ? "authenticator: PasswordAuthenticator"
            : "authenticator: AllowAllAuthenticator",
        "authorizer: AllowAllAuthorizer",
        // Ends the last line; then client_encryption_options, if any.
        spec.clientTls().map(ClientTls::yaml).orElse(""));
  }

  private String logback() {
    return "<configuration>\n"
        + "  <appender name=\"FILE\" class=\"ch.qos.logback.core.FileAppender\">\n"
        + "    <file>"
        + spec.directory().resolve("logs/system.log")
        + "</file>\n"
        + "    <encoder><pattern>%d %-5level [%thread] %logger{36} - %msg%n</pattern></encoder>\n"
        + "  </appender>\n"
        + "  <root level=\"INFO\"><appender-ref ref=\"FILE\"/></root>\n"
        + "</configuration>\n";
  }

  static String javaExecutable() {
    String home = System.getenv("CASSANDRA_JAVA_HOME");
    if (home == null || home.isBlank()) {
      home = System.getProperty("java.home");
    }
    return Path.of(home, "bin", "java").toString();
  }

  /**
   * cassandra-all's classpath (resolved by Maven) followed by this module's own classes (for {@link
   * ParentWatchingCassandraMain}); Cassandra's jars come first so that they win over any copy of a
   * library in a shaded jar that contains this class.
   */
  static String classpath() {
    String resource = "cassandra-runtime.classpath";
    try (InputStream in = LocalCassandraNode.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            resource + " missing: build the cassandra-local-runtime module first");
      }
      String cassandra = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
      Path self =
          Path.of(
              ParentWatchingCassandraMain.class
                  .getProtectionDomain()
                  .getCodeSource()
                  .getLocation()
                  .toURI());
      return cassandra + java.io.File.pathSeparator + self;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
