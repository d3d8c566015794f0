package org.gbabsf.loadtest;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code loadtest} command: simulators of the BSF's peers and, later, the load generator. */
@Command(
    name = "loadtest",
    mixinStandardHelpOptions = true,
    version = "gba-bsf loadtest 0.1.0-SNAPSHOT",
    description = "Simulators and load generator for the GBA BSF.",
    subcommands = {UeCommand.class, HssCommand.class, ZhBenchCommand.class, RunCommand.class})
public final class LoadtestMain {

  LoadtestMain() {}

  /** Entry point. */
  public static void main(String[] args) {
    System.exit(new CommandLine(new LoadtestMain()).execute(args));
  }
}
