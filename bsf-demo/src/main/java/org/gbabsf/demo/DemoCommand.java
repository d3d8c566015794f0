package org.gbabsf.demo;

import java.util.Map;
import java.util.concurrent.Callable;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.diameter.zh.sim.ZhHssSimulator;
import org.gbabsf.server.BsfContext;
import org.gbabsf.server.ExtraCommand;
import org.gbabsf.server.Main;
import org.gbabsf.server.SimulatedHssContext;
import org.gbabsf.server.config.BsfConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bsf demo}: starts a BSF on loopback and bootstraps simulated UEs against it, printing one
 * PASS or FAIL line a check; the servers' own log lines go to a file named at the end.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description =
        "Start the BSF on loopback with the embedded defaults (in-memory store) and an HSS"
            + " simulator reached over Diameter Zh, and run bootstraps with simulated UEs over"
            + " HTTP.")
public final class DemoCommand implements Callable<Integer>, ExtraCommand {
  @CommandLine.Mixin Main.ConfigOptions options = new Main.ConfigOptions();

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
    DemoLog log = DemoLog.redirect();
    try {
      return demo();
    } finally {
      log.close();
      if (log.wroteAnything()) {
        spec.commandLine().getOut().println("The servers' log lines: " + log.file());
        spec.commandLine().getOut().flush();
      } else {
        java.nio.file.Files.deleteIfExists(log.file()); // refused before any server started
      }
    }
  }

  private int demo() throws InterruptedException, java.io.IOException {
    if (!store.equals("memory") && !store.equals("cassandra")) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--store must be memory or cassandra");
    }
    if (!hss.equals("zh") && !hss.equals("simulated")) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--hss must be zh or simulated");
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
        BsfConfig base = options.load(parent.environment(), demoSettings);
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
        return run(options.load(parent.environment(), demoSettings), null);
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
          ring, org.gbabsf.core.seal.KeyRing.newEntry(1, new java.security.SecureRandom()) + "\n");
      demoSettings.put("store.seal.key-ring-file", ring.toString());
      spec.commandLine()
          .getOut()
          .println("Keys are sealed in Cassandra under a key ring made for this demo: " + ring);
      BsfConfig config = options.load(parent.environment(), demoSettings);
      // The second instance only reads sessions back: it needs no HSS of its own.
      Map<String, String> secondSettings = new java.util.HashMap<>(demoSettings);
      secondSettings.put("hss.type", "simulated");
      secondSettings.put("zn.enabled", "false");
      try (BsfContext second =
          BsfContext.create(options.load(parent.environment(), secondSettings))) {
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
      return new Demo(context, second, spec.commandLine().getOut()).run(bootstraps) ? 0 : 1;
    }
  }
}
