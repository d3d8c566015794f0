package org.gbabsf.loadtest;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.Callable;
import org.gbabsf.sba.sim.SimulatedNrf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest nrf}: the token side of an NRF for one run ({@link SimulatedNrf}): a new EC P-256
 * key pair, its public key written as {@code nrf.pem} for the BSF's {@code nbsp.oauth2.nrf-keys},
 * and one ES256 access token for a NAF written as {@code token} for {@code loadtest naf --sba
 * --token-file} and {@code loadtest run --nbsp-token-file}. The private key is not kept: run it
 * again for another token.
 */
@Command(
    name = "nrf",
    mixinStandardHelpOptions = true,
    description =
        "Write an NRF public key (nrf.pem) and one access token (token) signed with it, for"
            + " Nbsp_GBA with nbsp.oauth2.*.")
final class NrfCommand implements Callable<Integer> {

  @Option(names = "--out", required = true, description = "Directory to write nrf.pem and token.")
  Path out;

  @Option(
      names = "--subject",
      required = true,
      paramLabel = "NF-ID",
      description =
          "The NAF's NF instance id: the token's sub, an identity in the BSF's nbsp.nafs.")
  String subject;

  @Option(
      names = "--audience",
      required = true,
      paramLabel = "NF-ID",
      description =
          "The token's aud: the BSF's nbsp.oauth2.nf-instance-id, or the NF type GBA_BSF.")
  String audience;

  @Option(
      names = "--scope",
      defaultValue = "nbsp-gba",
      description = "The token's scope (default: ${DEFAULT-VALUE}).")
  String scope;

  @Option(
      names = "--also",
      paramLabel = "NAME:SUBJECT:SCOPE",
      description =
          "A further token signed with the same key, written to NAME in --out, for SUBJECT with"
              + " SCOPE (space-separated scopes), e.g. 'ausf-token:<ausf-id>:naanf-akma"
              + " naanf-akma:anchorkey'. Repeatable.")
  java.util.List<String> also = new java.util.ArrayList<>();

  @Option(
      names = "--lifetime",
      defaultValue = "24h",
      converter = DurationConverter.class,
      description = "Validity of the token from now (default: ${DEFAULT-VALUE}).")
  Duration lifetime;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    if (lifetime.isZero() || lifetime.isNegative()) {
      spec.commandLine().getErr().println("loadtest nrf: --lifetime must be positive");
      return 2;
    }
    for (String a : also) {
      String[] parts = a.split(":", 3);
      if (parts.length != 3 || !parts[0].matches("[A-Za-z0-9._-]+") || parts[1].isBlank()) {
        spec.commandLine()
            .getErr()
            .println("loadtest nrf: --also must be NAME:SUBJECT:SCOPE: " + a);
        return 2;
      }
    }
    Files.createDirectories(out);
    SimulatedNrf nrf = new SimulatedNrf(Clock.systemUTC());
    Path pem = nrf.writePublicKey(out.resolve("nrf.pem"));
    Path token = out.resolve("token");
    write(token, nrf.token(subject, audience, scope, lifetime));
    for (String a : also) {
      String[] parts = a.split(":", 3);
      write(out.resolve(parts[0]), nrf.token(parts[1], audience, parts[2], lifetime));
    }
    PrintWriter o = spec.commandLine().getOut();
    o.printf(
        "NRF %s: public key %s; token for %s to call %s (scope %s, valid until %s) in %s%n",
        nrf.instanceId,
        pem,
        subject,
        audience,
        scope,
        Instant.now().plus(lifetime).truncatedTo(ChronoUnit.SECONDS),
        token);
    o.flush();
    return 0;
  }

  /** Writes a token to {@code file}, readable by its owner only. */
  private static void write(Path file, String token) throws IOException {
    Files.deleteIfExists(file);
    Files.createFile(file);
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException notPosix) {
      // A file system without POSIX permissions: the token is a test credential anyway.
    }
    Files.writeString(file, token + "\n", StandardCharsets.US_ASCII);
  }
}
