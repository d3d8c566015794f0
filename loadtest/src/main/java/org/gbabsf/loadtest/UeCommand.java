package org.gbabsf.loadtest;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.sim.CsvSubscriberDirectory;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.Subscriber;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code loadtest ue}: one simulated GBA_ME UE bootstrapping against a BSF over Ub. It
 * authenticates the network by AUTN, computes RES/CK/IK with Milenage, answers the digest, and
 * checks rspauth and the BootstrappingInfo body. With {@code --naf-url}, it then fetches a document
 * through the NAF authentication proxy with the GBA key ({@link UaFetch}).
 */
@Command(
    name = "ue",
    mixinStandardHelpOptions = true,
    description =
        "Bootstrap a simulated UE against a BSF and report B-TID, lifetime and Ks; then,"
            + " with --naf-url, fetch a document through the NAF proxy with the GBA key.")
final class UeCommand implements Callable<Integer> {

  @Option(
      names = "--bsf",
      defaultValue = "http://127.0.0.1:8080/",
      description = "BSF Ub URL, http:// or https:// (default: ${DEFAULT-VALUE}).")
  URI bsf;

  @Option(
      names = "--impi",
      defaultValue = "user0@home1.net",
      description = "IMPI to bootstrap (default: ${DEFAULT-VALUE}).")
  String impi;

  @Option(
      names = "--realm",
      defaultValue = "bsf.home1.net",
      description = "Realm put in the first request (default: ${DEFAULT-VALUE}).")
  String realm;

  @Option(
      names = "--subscribers-csv",
      description =
          "CSV impi,k,opc,amf,sqn (hex) with the UE's keys; without it K and OPc are derived"
              + " from the IMPI as the simulated HSS does (docs/simulators.md).")
  Path subscribersCsv;

  @Option(names = "--count", defaultValue = "1", description = "Bootstraps to run in sequence.")
  int count;

  @Option(
      names = "--resync",
      description = "Start with a USIM whose SQN is ahead of the HSS, forcing an AUTS resync.")
  boolean resync;

  @Option(
      names = "--tmpi",
      description =
          "Announce 3gpp-gba-tmpi and present, from the second bootstrap on, the TMPI the BSF"
              + " gave (TS 33.220 Annex B.4).")
  boolean tmpi;

  @Option(names = "--wrong-response", description = "Send a wrong digest response.")
  boolean wrongResponse;

  @Option(names = "--show-ks", description = "Print Ks in hex (test keys only!).")
  boolean showKs;

  @Option(
      names = "--naf",
      description =
          "Also derive Ks_ext_NAF for this NAF FQDN and print its fingerprint, to compare with"
              + " what `loadtest naf` gets from the BSF.")
  String naf;

  @Option(
      names = "--ua-protocol",
      defaultValue = "0100000002",
      description = "Ua security protocol id for --naf, 5 octets hex (default HTTP Digest).")
  String uaProtocol;

  @Option(
      names = "--naf-url",
      paramLabel = "URL",
      description =
          "After each bootstrap, GET this document through the NAF authentication proxy (Ua):"
              + " 401, then HTTP Digest with the GBA key, then 200 with an rspauth that must"
              + " verify; e.g. http://127.0.0.1:8088/xcap-root/simservs.xml.")
  URI nafUrl;

  @Option(
      names = {"--naf-host", "--ua-host"},
      paramLabel = "FQDN",
      description =
          "The NAF FQDN for --naf-url (Host, Digest realm, NAF_Id of the key) when its host is"
              + " an address; default: the URL's host.")
  String nafHost;

  @Option(
      names = "--naf-trust",
      paramLabel = "PEM",
      description = "CA certificates an https:// --naf-url proxy's certificate must lead to.")
  Path nafTrust;

  @Option(names = "--show-body", description = "Print the body --naf-url answered.")
  boolean showBody;

  @picocli.CommandLine.Mixin UbTls tls = new UbTls();

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    String problem = NafTarget.problem(nafUrl);
    if (problem != null) {
      spec.commandLine().getErr().println("loadtest ue: " + problem);
      return 2;
    }
    Subscriber subscriber = subscriber();
    SimulatedUsim usim = new SimulatedUsim(subscriber);
    if (resync) {
      usim.desynchronise(1L << 30);
    }
    String path = bsf.getRawPath() == null || bsf.getRawPath().isEmpty() ? "/" : bsf.getRawPath();
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    int failures = 0;
    NafTarget target = nafUrl == null ? null : NafTarget.of(nafUrl, nafHost, nafTrust);
    try (UbClient client = new UbClient(group, UbTls.address(bsf), tls.forUrl(bsf));
        UbClient proxy = target == null ? null : target.client(group)) {
      GbaUe ue = new GbaUe(client, new UeAuthenticator(usim, path, tmpi), realm, path);
      for (int i = 0; i < count; i++) {
        ue.authenticator().tmpi().ifPresent(t -> out.printf("      presenting TMPI %s%n", t));
        GbaUe.Result result = await(ue.bootstrap(wrongResponse));
        if (result instanceof GbaUe.Result.Bootstrapped b) {
          out.printf(
              "OK    %s B-TID %s lifetime %s Ks %s  (401 after %.2f ms, 200 after %.2f ms%s)%n",
              subscriber.impi(),
              b.btid(),
              b.lifetime(),
              showKs ? Hex.encode(b.ks()) : "sha256:" + fingerprint(b.ks()),
              b.firstChallengeNanos() / 1e6,
              b.totalNanos() / 1e6,
              b.resyncs() > 0 ? ", " + b.resyncs() + " resync" : "");
          ue.authenticator().tmpi().ifPresent(t -> out.printf("      next TMPI %s%n", t));
          if (naf != null) {
            byte[] nafKey =
                org.gbabsf.core.crypto.GbaKdf.ksNaf(
                    b.ks(),
                    org.gbabsf.core.crypto.GbaKdf.GBA_ME,
                    b.rand(),
                    subscriber.impi().value(),
                    org.gbabsf.core.crypto.GbaKdf.nafId(naf, Hex.decode(uaProtocol)));
            out.printf("      Ks_ext_NAF(%s) sha256:%s%n", naf, fingerprint(nafKey));
          }
          if (target != null && !ua(out, proxy, target, b, subscriber.impi().value())) {
            failures++;
          }
        } else {
          GbaUe.Result.Failed f = (GbaUe.Result.Failed) result;
          failures++;
          out.printf(
              "FAIL  %s at %s: HTTP %d %s%n", subscriber.impi(), f.step(), f.status(), f.detail());
        }
      }
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
    out.flush();
    return failures == 0 ? 0 : 1;
  }

  /** One GET of --naf-url through the proxy; prints its line, true if it succeeded. */
  private boolean ua(
      PrintWriter out, UbClient proxy, NafTarget target, GbaUe.Result.Bootstrapped b, String impi)
      throws InterruptedException {
    long sent = System.nanoTime();
    UaFetch.Result r = await(new UaFetch(proxy, target, b, impi).get());
    double ms = (System.nanoTime() - sent) / 1e6;
    if (r.problem() == null) {
      out.printf(
          Locale.ROOT,
          "UA    GET %s as %s: HTTP %d in %.2f ms%s, %d bytes, rspauth verified%n",
          nafUrl,
          target.host(),
          r.status(),
          ms,
          r.challenged() ? " (after a 401)" : "",
          r.body().length);
    } else {
      out.printf(
          Locale.ROOT,
          "FAIL  Ua GET %s as %s: %s (HTTP %d after %.2f ms) %s%n",
          nafUrl,
          target.host(),
          r.problem(),
          r.status(),
          ms,
          r.detail());
    }
    if (showBody && r.body().length > 0) {
      out.println(new String(r.body(), StandardCharsets.UTF_8));
    }
    return r.problem() == null;
  }

  private Subscriber subscriber() throws IOException {
    Impi id = new Impi(impi);
    if (subscribersCsv == null) {
      return GeneratedSubscriberDirectory.derive(id);
    }
    return CsvSubscriberDirectory.read(subscribersCsv)
        .find(id)
        .orElseThrow(() -> new IllegalArgumentException(impi + " is not in " + subscribersCsv));
  }

  private static String fingerprint(byte[] ks) {
    try {
      return Hex.encode(Arrays.copyOf(MessageDigest.getInstance("SHA-256").digest(ks), 8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static <T> T await(java.util.concurrent.CompletionStage<T> stage)
      throws InterruptedException {
    try {
      return stage.toCompletableFuture().get(60, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("no answer within 60 s: " + e, e);
    }
  }
}
