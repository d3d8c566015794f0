package org.gbabsf.server;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.gbabsf.server.config.BsfConfig;
import org.gbabsf.server.config.ConfigException;
import org.gbabsf.server.config.ConfigLoader;
import org.gbabsf.store.cassandra.CassandraStores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code bsf} command: {@code serve}, {@code demo} and {@code config}. */
@Command(
    name = "bsf",
    mixinStandardHelpOptions = true,
    version = "gba-bsf 0.1.0-SNAPSHOT",
    description = "GBA Bootstrapping Server Function (3GPP TS 33.220).",
    subcommands = {
      Main.Serve.class,
      Main.Demo.class,
      Main.Config.class,
      Main.Schema.class,
      KeyRingCommand.class,
      Main.NafProxy.class
    })
public final class Main {

  /** Exit code for an invalid configuration. */
  static final int EXIT_CONFIG = ExitCode.CONFIG.code();

  private static final Logger log = LoggerFactory.getLogger(Main.class);

  private final Map<String, String> environment;

  private Main(Map<String, String> environment) {
    this.environment = environment;
  }

  /** Entry point. */
  public static void main(String[] args) {
    System.exit(execute(args, System.out, System.err));
  }

  /** Runs a command line with the process environment; returns the exit code. */
  static int execute(String[] args, PrintStream out, PrintStream err) {
    return execute(args, System.getenv(), out, err);
  }

  /** Runs a command line with the given environment; returns the exit code. */
  static int execute(
      String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
    CommandLine cli = new CommandLine(new Main(environment));
    cli.setOut(new java.io.PrintWriter(out, true));
    cli.setErr(new java.io.PrintWriter(err, true));
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          if (e instanceof ConfigException ce) {
            err.println(ce.getMessage());
            return ce.onlyUnreadableFiles() ? ExitCode.FILE_UNREADABLE.code() : EXIT_CONFIG;
          }
          if (e instanceof StartupFailure f) {
            return exitWith(f, err::println);
          }
          throw e;
        });
    if (args.length == 0) {
      cli.usage(out);
      return 0;
    }
    return cli.execute(args);
  }

  /**
   * Prints to {@code err} the one line that says why the BSF stops (like an invalid configuration,
   * and without a stack trace), and returns its exit code.
   */
  static int exitWith(StartupFailure f, java.util.function.Consumer<String> err) {
    err.accept(
        "bsf: cannot serve: "
            + f.getMessage()
            + " (exit "
            + f.exitCode().code()
            + ": "
            + f.exitCode().meaning()
            + ")");
    return f.exitCode().code();
  }

  /** Options every command shares: the config file and overrides. */
  static class ConfigOptions {
    @Option(
        names = "--config",
        paramLabel = "FILE",
        description = "YAML config file (default: $BSF_CONFIG, else none).")
    Path file;

    @Option(
        names = "--set",
        paramLabel = "KEY=VALUE",
        description = "Override one key, e.g. --set ub.port=9080 (repeatable).")
    Map<String, String> overrides = new LinkedHashMap<>();

    BsfConfig load(Map<String, String> env, Map<String, String> extra) {
      Path path = file;
      if (path == null && env.get(ConfigLoader.CONFIG_FILE_ENV) != null) {
        path = Path.of(env.get(ConfigLoader.CONFIG_FILE_ENV));
      }
      Map<String, String> all = new HashMap<>(extra);
      all.putAll(overrides);
      return ConfigLoader.load(path, env, all);
    }
  }

  /** Runs the BSF until SIGTERM/SIGINT. */
  @Command(name = "serve", mixinStandardHelpOptions = true, description = "Run the BSF.")
  static final class Serve implements Callable<Integer> {
    @CommandLine.Mixin ConfigOptions options = new ConfigOptions();

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand Main parent;

    @Override
    public Integer call() throws InterruptedException {
      BsfConfig config = options.load(parent.environment, Map.of());
      // One event a line: the log pattern escapes line feeds, so a multi-line message is one line.
      log.info("Starting GBA BSF with configuration:");
      config.describe().lines().forEach(line -> log.info("  {}", line));
      // Completed with 0 by the shutdown hook, or with a StartupFailure found after startup.
      CompletableFuture<StartupFailure> outcome = new CompletableFuture<>();
      BsfContext context = BsfContext.create(config, outcome::complete);
      Thread hook =
          new Thread(
              () -> {
                log.info("Shutting down");
                context.drainAndClose();
                outcome.complete(null);
              },
              "bsf-shutdown");
      Runtime.getRuntime().addShutdownHook(hook);
      onSighup(context); // before Ub opens: a reload signal never meets the JVM's default handler
      try {
        context.start();
      } catch (RuntimeException e) {
        context.close();
        Runtime.getRuntime().removeShutdownHook(hook);
        throw e;
      }
      log.info("BSF {} started", config.node().name());
      StartupFailure fatal;
      try {
        fatal = outcome.get();
      } catch (java.util.concurrent.ExecutionException impossible) {
        throw new IllegalStateException(impossible);
      }
      if (fatal == null) {
        return 0;
      }
      context.close();
      Runtime.getRuntime().removeShutdownHook(hook);
      return exitWith(fatal, spec.commandLine().getErr()::println);
    }
  }

  /** Runs the GBA authentication proxy (docs/naf-proxy.md) until SIGTERM/SIGINT. */
  @Command(
      name = "naf-proxy",
      mixinStandardHelpOptions = true,
      description =
          "Run the GBA authentication proxy (TS 24.109 §7): HTTP Digest with GBA keys fetched from"
              + " the BSF over Zn, in front of the application servers of naf-proxy.routes.")
  static final class NafProxy implements Callable<Integer> {
    @CommandLine.Mixin ConfigOptions options = new ConfigOptions();

    @CommandLine.ParentCommand Main parent;

    @Override
    public Integer call() throws InterruptedException {
      BsfConfig config = options.load(parent.environment, Map.of());
      NafProxyContext context = NafProxyContext.create(config);
      CompletableFuture<Void> stopped = new CompletableFuture<>();
      Thread hook =
          new Thread(
              () -> {
                log.info("Shutting down the NAF proxy");
                context.close();
                stopped.complete(null);
              },
              "naf-proxy-shutdown");
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        sun.misc.Signal.handle(new sun.misc.Signal("HUP"), signal -> context.reloadNow());
      } catch (IllegalArgumentException unsupported) {
        log.info("SIGHUP is not available here; files are reloaded every security.reload-interval");
      }
      try {
        context.start();
      } catch (RuntimeException e) {
        context.close();
        Runtime.getRuntime().removeShutdownHook(hook);
        throw StartupFailure.classify(e, "NAF proxy").orElseThrow(() -> e);
      }
      log.info("NAF proxy started");
      stopped.join();
      return 0;
    }
  }

  /**
   * SIGHUP reloads certificates, keys, the metrics token and the key ring at once (they are also
   * checked every security.reload-interval). Where the JVM does not offer the signal, it is logged.
   */
  @SuppressWarnings("removal")
  static void onSighup(BsfContext context) {
    try {
      sun.misc.Signal.handle(new sun.misc.Signal("HUP"), signal -> context.security().reloadNow());
    } catch (IllegalArgumentException unsupported) {
      log.info("SIGHUP is not available here; files are reloaded every security.reload-interval");
    }
  }

  /** Starts a BSF on loopback and bootstraps simulated UEs against it. */
  @Command(
      name = "demo",
      mixinStandardHelpOptions = true,
      description =
          "Start the BSF on loopback with the embedded defaults (in-memory store) and an HSS"
              + " simulator reached over Diameter Zh, and run bootstraps with simulated UEs over"
              + " HTTP.")
  static final class Demo implements Callable<Integer> {
    @CommandLine.Mixin ConfigOptions options = new ConfigOptions();

    @CommandLine.ParentCommand Main parent;

    @Option(
        names = "--bootstraps",
        defaultValue = "3",
        description = "Number of UEs to bootstrap (default: ${DEFAULT-VALUE}); the last resyncs.")
    int bootstraps;

    @Option(
        names = "--hss",
        defaultValue = "zh",
        description =
            "zh (default): start an HSS simulator and reach it over Diameter (Zh), as in"
                + " production. simulated: the in-process HSS.")
    String hss;

    @Option(
        names = "--store",
        defaultValue = "memory",
        description =
            "memory (default): the embedded in-memory store. cassandra: start a local Cassandra"
                + " node (127.0.0.1:9042, data in a temporary directory) and run on it, with a"
                + " second BSF instance reading every session back.")
    String store;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException, java.io.IOException {
      if (!store.equals("memory") && !store.equals("cassandra")) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--store must be memory or cassandra");
      }
      if (!hss.equals("zh") && !hss.equals("simulated")) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--hss must be zh or simulated");
      }
      Map<String, String> demoSettings = new java.util.HashMap<>();
      demoSettings.put("ub.listen-address", "127.0.0.1");
      demoSettings.put("ub.port", "0");
      demoSettings.put("admin.port", "0");
      demoSettings.put("hss.type", "simulated");
      demoSettings.put("zn.enabled", "false");
      ZhHssSimulator simulator = null;
      try {
        if (hss.equals("zh")) {
          BsfConfig base = options.load(parent.environment, demoSettings);
          int hssPort = Loopback.freePort();
          String hssHost = "hss1." + base.zh().destinationRealm();
          simulator =
              ZhHssSimulator.start(
                  new ZhHssSimulator.Settings(
                      hssHost, base.zh().destinationRealm(), "127.0.0.1", hssPort, true),
                  SimulatedHssContext.subscribers(base.hss()),
                  new SimulatedGuss(base.hss().simulatedGussLifetime(), base.hss().simulatedUss()));
          demoSettings.put("hss.type", "zh");
          demoSettings.put("zn.enabled", "true");
          // The demo's NAFs: the Zn simulator, and the XCAP server's authentication proxy.
          demoSettings.put("zn.nafs", "naf.home1.net=default," + XcapDemo.NAF + "=default");
          demoSettings.put("zh.peers", hssHost + "=127.0.0.1:" + hssPort);
          demoSettings.put("diameter.listen-address", "127.0.0.1");
          demoSettings.put("diameter.listen-port", Integer.toString(Loopback.freePort()));
        }
        if (store.equals("memory")) {
          return run(options.load(parent.environment, demoSettings), null);
        }
        return runOnCassandra(demoSettings);
      } finally {
        if (simulator != null) {
          simulator.close();
        }
      }
    }

    private int runOnCassandra(Map<String, String> demoSettings)
        throws InterruptedException, java.io.IOException {
      java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("bsf-demo-cassandra");
      spec.commandLine().getOut().println("Starting a local Cassandra node in " + dir + " ...");
      try (org.gbabsf.cassandra.local.LocalCassandraCluster cluster =
          org.gbabsf.cassandra.local.LocalCassandraCluster.singleNode(dir, "127.0.0.1", 1024)
              .start()) {
        org.gbabsf.cassandra.local.CassandraEndpoint endpoint = cluster.endpoint();
        demoSettings.put("store.type", "cassandra");
        demoSettings.put("cassandra.contact-points", endpoint.contactPointsText());
        demoSettings.put("cassandra.local-datacenter", endpoint.localDatacenter());
        demoSettings.put("cassandra.keyspace", "bsf_demo");
        java.nio.file.Path ring = dir.resolve("keyring");
        java.nio.file.Files.writeString(
            ring,
            org.gbabsf.core.seal.KeyRing.newEntry(1, new java.security.SecureRandom()) + "\n");
        demoSettings.put("store.seal.key-ring-file", ring.toString());
        spec.commandLine()
            .getOut()
            .println("Keys are sealed in Cassandra under a key ring made for this demo: " + ring);
        BsfConfig config = options.load(parent.environment, demoSettings);
        // The second instance only reads sessions back: it needs no HSS of its own.
        Map<String, String> secondSettings = new java.util.HashMap<>(demoSettings);
        secondSettings.put("hss.type", "simulated");
        secondSettings.put("zn.enabled", "false");
        try (BsfContext second =
            BsfContext.create(options.load(parent.environment, secondSettings))) {
          return run(config, second);
        }
      } finally {
        org.gbabsf.cassandra.local.LocalCassandraCluster.deleteQuietly(dir);
      }
    }

    private int run(BsfConfig config, BsfContext second) throws InterruptedException {
      try (BsfContext context = BsfContext.create(config)) {
        int available = context.subscribers().impis(bootstraps).size();
        if (bootstraps < 1 || bootstraps > available) {
          throw new CommandLine.ParameterException(
              spec.commandLine(),
              "--bootstraps must be between 1 and the number of provisioned subscribers ("
                  + available
                  + ")");
        }
        return new org.gbabsf.server.Demo(context, second, spec.commandLine().getOut())
                .run(bootstraps)
            ? 0
            : 1;
      }
    }
  }

  /** Prints the CQL schema for the configured keyspace, replication and TTLs. */
  @Command(
      name = "schema",
      mixinStandardHelpOptions = true,
      description =
          "Print the Cassandra schema (keyspace, tables, TTLs) for the configuration, for"
              + " operators who apply schema themselves.")
  static final class Schema implements Callable<Integer> {
    @CommandLine.Mixin ConfigOptions options = new ConfigOptions();

    @CommandLine.ParentCommand Main parent;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      BsfConfig config = options.load(parent.environment, Map.of());
      spec.commandLine()
          .getOut()
          .println(CassandraStores.schema(StoreContext.cassandraSettings(config)).cql());
      return 0;
    }
  }

  /** Validates and prints the effective configuration. */
  @Command(
      name = "config",
      mixinStandardHelpOptions = true,
      description = "Validate the configuration and print every key with its source.")
  static final class Config implements Callable<Integer> {
    @CommandLine.Mixin ConfigOptions options = new ConfigOptions();

    @CommandLine.ParentCommand Main parent;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
      spec.commandLine().getOut().println(options.load(parent.environment, Map.of()).describe());
      return 0;
    }
  }
}
