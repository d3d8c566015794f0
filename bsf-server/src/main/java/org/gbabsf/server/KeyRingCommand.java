package org.gbabsf.server;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Makes key-ring entries for store.seal.key-ring-file. */
@Command(
    name = "keyring",
    mixinStandardHelpOptions = true,
    description = "Key ring of store.seal.key-ring-file (docs/security.md).",
    subcommands = {KeyRingCommand.New.class})
final class KeyRingCommand {

  /** Prints a new data key as a key-ring line. */
  @Command(
      name = "new",
      mixinStandardHelpOptions = true,
      description =
          "Print a new data key, '<id>=<base64 of 32 random octets>' (from the JVM's strong"
              + " random source), for a new ring or to append to one. Nothing is logged.")
  static final class New implements Callable<Integer> {
    @Option(
        names = "--id",
        defaultValue = "1",
        description = "Key id, 1..2147483647, higher than any in the ring (default: 1).")
    int id;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws java.security.NoSuchAlgorithmException {
      if (id < 1) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--id must be at least 1");
      }
      spec.commandLine()
          .getOut()
          .println(
              org.gbabsf.core.seal.KeyRing.newEntry(
                  id, java.security.SecureRandom.getInstanceStrong()));
      return 0;
    }
  }
}
