package org.gbabsf.server;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
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
      Main.Config.class,
      Main.Schema.class,
      KeyRingCommand.class,
      Main.NafProxy.class
    })
public final class Main {

  /** Exit code for an invalid configuration. */
  public static final int EXIT_CONFIG = ExitCode.CONFIG.code();

  private static final Logger log = LoggerFactory.getLogger(Main.class);

  private final Map<String, String> environment;

  private Main(Map<String, String> environment) {
    this.environment = environment;
  }

  /** The environment the command line runs with (the process's, or a test's). */
  public Map<String, String> environment() {
    return environment;
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
  public static int execute(
      String[] args, Map<String, String> environment, PrintStream out, PrintStream err) {
    CommandLine cli = new CommandLine(new Main(environment));
    // Commands of other modules on the class path (the demo: bsf-demo).
    for (ExtraCommand extra : java.util.ServiceLoader.load(ExtraCommand.class)) {
      cli.addSubcommand(extra);
    }
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
  public static class ConfigOptions {
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

    /** The configuration of the file and overrides, over {@code extra} settings. */
    public BsfConfig load(Map<String, String> env, Map<String, String> extra) {
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
          .println(
              CassandraStores.schema(
                      StoreContext.cassandraSettings(StoreContext.Sections.of(config)))
                  .cql());
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
