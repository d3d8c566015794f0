package org.gbabsf.loadtest;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code loadtest} command: simulators of the BSF's peers, the load generator, benchmarks. */
@Command(
    name = "loadtest",
    mixinStandardHelpOptions = true,
    version = "gba-bsf loadtest 0.1.0-SNAPSHOT",
    description = "Simulators and load generator for the GBA BSF.",
    subcommands = {
      UeCommand.class,
      HssCommand.class,
      NrfCommand.class,
      NafCommand.class,
      AkmaCommand.class,
      RunCommand.class,
      StorageLimitCommand.class,
      FloodCommand.class,
      DiameterFuzzCommand.class,
      ZhBenchCommand.class,
      UpstreamCommand.class
    })
public final class LoadtestMain {

  LoadtestMain() {}

  /** Entry point. */
  public static void main(String[] args) {
    System.exit(new CommandLine(new LoadtestMain()).execute(args));
  }
}
