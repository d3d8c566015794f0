package org.gbabsf.loadtest;

import java.io.IOException;
import java.io.PrintWriter;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest naf}: a NAF on jdiameter asking the BSF over Zn for the keys of B-TIDs, or with
 * {@code --sba} over Nbsp_GBA ({@link NbspNaf}). It prints a fingerprint of Ks_ext_NAF, which
 * {@code loadtest ue --naf} prints for the UE's own derivation: equal fingerprints mean the NAF and
 * the UE agree on the key.
 */
@Command(
    name = "naf",
    mixinStandardHelpOptions = true,
    description =
        "Ask the BSF for the keys of B-TIDs, as a NAF does: over Zn (Diameter), or with --sba over"
            + " Nbsp_GBA (HTTP/2).")
final class NafCommand implements Callable<Integer> {

  @Parameters(paramLabel = "B-TID", arity = "1..*", description = "B-TIDs to query.")
  List<String> btids = new ArrayList<>();

  @Option(
      names = "--bsf-diameter",
      defaultValue = "127.0.0.1:3868",
      description = "The BSF's Diameter address, host:port (default: ${DEFAULT-VALUE}).")
  String bsfDiameter;

  @Option(names = "--bsf-host", defaultValue = "bsf.home1.net", description = "BSF Origin-Host.")
  String bsfHost;

  @Option(names = "--bsf-realm", defaultValue = "home1.net", description = "BSF Origin-Realm.")
  String bsfRealm;

  @Option(
      names = "--naf-host",
      defaultValue = "naf.home1.net",
      description =
          "This NAF's Origin-Host, also its NAF-Id FQDN (must be in the BSF's zn.nafs); with --sba"
              + " the nafFqdn (the NAF's identity, or granted by nbsp.naf-fqdns).")
  String nafHost;

  @Option(names = "--naf-realm", defaultValue = "home1.net", description = "NAF Origin-Realm.")
  String nafRealm;

  @Option(names = "--port", defaultValue = "3870", description = "This NAF's Diameter port.")
  int port;

  @Option(
      names = "--ua-protocol",
      defaultValue = "0100000002",
      description =
          "Ua security protocol id, 5 octets hex (TS 33.220 Annex H; default HTTP Digest).")
  String uaProtocol;

  @Option(
      names = "--service",
      description =
          "GAA-Service-Identifier (Zn) or gsIds entry (Nbsp) to send (repeatable; decimal GAA"
              + " service type).")
  List<Integer> services = new ArrayList<>();

  @Option(
      names = "--gba-u-aware",
      description = "Send GBA_U-Awareness-Indicator = YES (Zn) or gbaUAware true (Nbsp).")
  boolean gbaUAware;

  @Option(names = "--show-key", description = "Print Ks_ext_NAF in hex (test keys only!).")
  boolean showKey;

  @picocli.CommandLine.Mixin NbspNaf.Options sba = new NbspNaf.Options();

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    String problem = sba.check(spec.commandLine().getParseResult());
    if (problem != null) {
      spec.commandLine().getErr().println("loadtest naf: " + problem);
      return 2;
    }
    NafId nafId = new NafId(nafHost, Hex.decode(uaProtocol));
    if (sba.enabled) {
      return new NbspNaf(sba, nafId, services, gbaUAware, showKey).run(btids, out) == 0 ? 0 : 1;
    }
    String[] hp = bsfDiameter.split(":");
    int failures = 0;
    try (NafClient naf =
        NafClient.start(
            nafHost,
            nafRealm,
            "127.0.0.1",
            port,
            bsfHost,
            hp[0],
            Integer.parseInt(hp[1]),
            bsfRealm)) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!naf.connected(bsfHost) && System.nanoTime() < deadline) {
        LockSupport.parkNanos(20_000_000L);
      }
      if (!naf.connected(bsfHost)) {
        spec.commandLine()
            .getErr()
            .printf(
                "NAF %s could not connect to %s at %s: is it in the BSF's zn.nafs?%n",
                nafHost, bsfHost, bsfDiameter);
        return 1;
      }
      for (String btid : btids) {
        long sent = System.nanoTime();
        BTid id;
        try {
          id = new BTid(btid);
        } catch (IllegalArgumentException e) {
          failures++;
          out.printf("FAIL  %s: not a B-TID (%s)%n", btid, e.getMessage());
          continue;
        }
        BiaResult answer;
        try {
          answer =
              naf.query(id, nafId, services, gbaUAware, Duration.ofSeconds(5))
                  .toCompletableFuture()
                  .get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
          failures++;
          out.printf("FAIL  %s: %s%n", btid, e.getCause() == null ? e : e.getCause());
          continue;
        }
        double ms = (System.nanoTime() - sent) / 1e6;
        if (answer instanceof BiaResult.Keys k) {
          out.printf(
              "OK    %s IMPI %s Ks_ext_NAF %s expires %s created %s%s (%.2f ms)%n",
              btid,
              k.impi(),
              showKey ? Hex.encode(k.ksExtNaf()) : "sha256:" + fingerprint(k.ksExtNaf()),
              k.expiresAt(),
              k.createdAt(),
              k.ksIntNaf().isPresent() ? " with Ks_int_NAF" : "",
              ms);
        } else {
          failures++;
          out.printf("FAIL  %s: %d (%.2f ms)%n", btid, ((BiaResult.Refused) answer).code(), ms);
        }
      }
    }
    out.flush();
    return failures == 0 ? 0 : 1;
  }

  static String fingerprint(byte[] key) {
    try {
      return Hex.encode(Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(key), 8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
