package org.gbabsf.loadtest;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.sba.http.SbiClient;
import org.gbabsf.sba.nbsp.NbspClient;
import org.gbabsf.sba.nbsp.NbspCodec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * {@code loadtest naf --sba}: the NAF asks for the keys of B-TIDs over Nbsp_GBA (TS 29.309) with
 * {@link NbspClient} instead of Zn, and prints one line per B-TID as over Zn: the key's fingerprint
 * (the key itself only with {@code --show-key}), its expiry and creation, the number of user
 * security settings; or the status and ProblemDetails cause of a refusal.
 */
final class NbspNaf {

  /** Options that only the Zn NAF has. */
  private static final Set<String> ZN_ONLY =
      Set.of("--bsf-diameter", "--bsf-host", "--bsf-realm", "--naf-realm", "--port");

  /** Options that only the Nbsp NAF has. */
  private static final Set<String> SBA_ONLY =
      Set.of("--bsf-url", "--token-file", "--cert", "--key", "--trust", "--timeout");

  private static List<String> matched(ParseResult parsed, Set<String> names) {
    return parsed.matchedOptions().stream()
        .map(OptionSpec::longestName)
        .filter(names::contains)
        .sorted()
        .toList();
  }

  /** The options, mixed into {@code loadtest naf}. */
  static final class Options {
    @Option(
        names = "--sba",
        description =
            "Ask over Nbsp_GBA (TS 29.309, HTTP/2) instead of Zn: a BootstrappingInfoRequest"
                + " to --bsf-url for NAF_Id = --naf-host ‖ --ua-protocol.")
    boolean enabled;

    @Option(
        names = "--bsf-url",
        paramLabel = "URL",
        description =
            "With --sba: the BSF's Nbsp apiRoot, http://host:port (h2c, the BSF's sbi.port) or"
                + " https://host:port (h2 over TLS).")
    URI bsfUrl;

    @Option(
        names = "--token-file",
        paramLabel = "FILE",
        description =
            "With --sba: an access token (e.g. `loadtest nrf`'s), sent as Authorization:"
                + " Bearer; its sub is the NAF's identity in the BSF's nbsp.nafs.")
    Path tokenFile;

    @Option(
        names = "--cert",
        paramLabel = "PEM",
        description =
            "With an https:// --bsf-url: this NAF's certificate chain (mutual TLS); its"
                + " dNSNames are the NAF's identities in nbsp.nafs.")
    Path cert;

    @Option(names = "--key", paramLabel = "PEM", description = "The private key of --cert.")
    Path key;

    @Option(
        names = "--trust",
        paramLabel = "PEM",
        description =
            "With an https:// --bsf-url: CA certificates the BSF's certificate must lead to"
                + " (default: the JVM's); it must name the URL's host.")
    Path trust;

    @Option(
        names = "--timeout",
        defaultValue = "5s",
        converter = DurationConverter.class,
        description = "With --sba: time for each answer (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    /** Why the options do not go together, or null. */
    String check(ParseResult parsed) {
      List<String> others = matched(parsed, enabled ? ZN_ONLY : SBA_ONLY);
      if (!others.isEmpty()) {
        return String.join(", ", others) + (enabled ? ": Zn only, not with --sba" : " need --sba");
      }
      if (!enabled) {
        return null;
      }
      String problem = NbspAccess.problem("--bsf-url", bsfUrl);
      if (problem != null) {
        return problem;
      }
      if ((cert == null) != (key == null)) {
        return "--cert and --key come together";
      }
      if ((cert != null || trust != null) && !"https".equalsIgnoreCase(bsfUrl.getScheme())) {
        return "--cert, --key and --trust need an https:// --bsf-url";
      }
      if (timeout.isZero() || timeout.isNegative()) {
        return "--timeout must be positive";
      }
      return null;
    }
  }

  private final Options options;
  private final NafId nafId;
  private final List<Long> gsIds;
  private final boolean gbaUAware;
  private final boolean showKey;

  NbspNaf(
      Options options, NafId nafId, List<Integer> services, boolean gbaUAware, boolean showKey) {
    this.options = options;
    this.nafId = nafId;
    this.gsIds = new ArrayList<>();
    services.forEach(s -> gsIds.add(Integer.toUnsignedLong(s)));
    this.gbaUAware = gbaUAware;
    this.showKey = showKey;
  }

  /** Asks for each of {@code btids}, one line each; returns how many got no keys. */
  int run(List<String> btids, PrintWriter out) throws IOException, InterruptedException {
    int failures = 0;
    try (SbiClient sbi =
        new SbiClient(
            NbspAccess.settings("nbsp", options.bsfUrl, options.cert, options.key, options.trust),
            new SimpleMeterRegistry())) {
      NbspClient naf =
          new NbspClient(sbi, options.bsfUrl, NbspAccess.token(options.tokenFile), options.timeout);
      for (String btid : btids) {
        if (!one(naf, btid, out)) {
          failures++;
        }
      }
    }
    out.flush();
    return failures;
  }

  private boolean one(NbspClient naf, String btid, PrintWriter out) throws InterruptedException {
    BTid id;
    try {
      id = new BTid(btid);
    } catch (IllegalArgumentException e) {
      out.printf("FAIL  %s: not a B-TID (%s)%n", btid, e.getMessage());
      return false;
    }
    long sent = System.nanoTime();
    NbspClient.Result r;
    try {
      r =
          naf.fetch(id, nafId, gbaUAware, gsIds)
              .get(options.timeout.toMillis() + 5000, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      // NbspClient never completes exceptionally; its own timeout comes first.
      out.printf("FAIL  %s: %s%n", btid, e);
      return false;
    }
    double ms = (System.nanoTime() - sent) / 1e6;
    if (r instanceof NbspClient.Result.Keys k) {
      NbspCodec.Answer a = k.answer();
      out.printf(
          Locale.ROOT,
          "OK    %s IMPI %s Ks_ext_NAF %s expires %s created %s USS %d%s%s (%.2f ms)%n",
          btid,
          a.impi().orElse("(not sent)"),
          showKey
              ? Hex.encode(a.meKeyMaterial())
              : "sha256:" + NafCommand.fingerprint(a.meKeyMaterial()),
          a.keyExpiryTime().map(String::valueOf).orElse("(none)"),
          a.creationTime().map(String::valueOf).orElse("(none)"),
          a.ussList().size(),
          a.gbaType().map(t -> " " + t).orElse(""),
          a.uiccKeyMaterial().isPresent() ? " with Ks_int_NAF" : "",
          ms);
      return true;
    }
    if (r instanceof NbspClient.Result.Refused refused) {
      out.printf(
          Locale.ROOT,
          "FAIL  %s: %s (%.2f ms)%n",
          btid,
          NbspAccess.refusal(refused.status(), refused.problem()),
          ms);
    } else {
      out.printf(
          Locale.ROOT,
          "FAIL  %s: %s (%.2f ms)%n",
          btid,
          ((NbspClient.Result.Failed) r).reason(),
          ms);
    }
    return false;
  }
}
