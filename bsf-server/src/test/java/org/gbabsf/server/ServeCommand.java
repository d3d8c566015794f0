package org.gbabsf.server;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** {@code bsf serve} run in-process, for tests of how it ends; keeps what it wrote to stderr. */
final class ServeCommand {

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /**
   * Runs {@code bsf serve} with {@code options} (each {@code KEY=VALUE} becomes {@code --set
   * KEY=VALUE}; anything starting with {@code --} is passed as it is) and an empty environment.
   *
   * @return its exit code; fails if it is still serving after a minute
   */
  int run(List<String> options) throws Exception {
    List<String> args = new ArrayList<>(List.of("serve"));
    for (String o : options) {
      if (!o.startsWith("--")) {
        args.add("--set");
      }
      args.add(o);
    }
    PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
    return CompletableFuture.supplyAsync(
            () ->
                Main.execute(
                    args.toArray(String[]::new),
                    Map.of(),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                    errStream))
        .get(60, TimeUnit.SECONDS);
  }

  /** Everything the runs wrote to stderr. */
  String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
