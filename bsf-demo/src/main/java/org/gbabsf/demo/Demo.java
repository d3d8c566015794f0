package org.gbabsf.demo;

import io.netty.channel.EventLoopGroup;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.security.MessageDigest;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.Subscriber;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.diameter.zn.ZnCodec;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.netty.NettyTransport;
import org.gbabsf.server.BsfContext;

/**
 * The demo: a BSF on loopback with its embedded defaults (in-memory store) and the HSS the command
 * chose (by default a Diameter HSS simulator reached over Zh), and simulated UEs bootstrapping
 * against it over real HTTP. Each line says what happened and whether the UE and the BSF agree on
 * Ks. One UE is desynchronised on purpose to show the AUTS resynchronisation, and one unknown IMPI
 * shows the refusal.
 */
final class Demo {

  private final BsfContext context;
  private final BsfContext secondInstance;
  private final PrintWriter out;
  private GbaUe.Result.Bootstrapped firstBootstrap;
  private Impi firstImpi;

  /**
   * A demo of {@code context}; with a {@code secondInstance} (not serving, same store), every
   * session is also read back through it, showing that any instance can serve NAF queries.
   */
  Demo(BsfContext context, BsfContext secondInstance, PrintWriter out) {
    this.context = context;
    this.secondInstance = secondInstance;
    this.out = out;
  }

  /** Runs {@code bootstraps} bootstraps plus the negative check; true if everything passed. */
  boolean run(int bootstraps) throws InterruptedException {
    InetSocketAddress address = context.start();
    String realm = context.config().ub().realm();
    String hss = "in-process simulated HSS";
    if (context.zh().isPresent()) {
      if (!Loopback.await(context.zh().get()::isAvailable, java.time.Duration.ofSeconds(20))) {
        out.println("FAIL  the HSS simulator did not come up over Zh within 20 s");
        out.flush();
        return false;
      }
      hss = "HSS over Diameter Zh (" + context.config().zh().peersText() + ")";
    }
    out.printf(
        "GBA BSF demo: Ub on http://%s:%d/, realm %s, %s, %s store%n",
        address.getHostString(), address.getPort(), realm, hss, context.config().store().type());
    EventLoopGroup group = NettyTransport.loops(1);
    int passed = 0;
    int total = 0;
    try (UbClient client = new UbClient(group, address)) {
      List<Impi> impis = context.subscribers().impis(bootstraps);
      for (int i = 0; i < impis.size(); i++) {
        boolean resync = i == impis.size() - 1 && impis.size() > 1;
        total++;
        if (bootstrap(client, realm, impis.get(i), resync)) {
          passed++;
        }
      }
      total++;
      if (unknownUserIsRefused(client, realm)) {
        passed++;
      }
      if (context.config().ub().tmpiEnabled() && !impis.isEmpty()) {
        total++;
        if (tmpiHidesTheImpi(client, realm, impis.get(0))) {
          passed++;
        }
      }
      if (context.config().zn().enabled() && firstBootstrap != null) {
        total++;
        if (nafAgreesWithUe()) {
          passed++;
        }
        total++;
        try {
          if (new XcapDemo(context, out).run(group, firstBootstrap, firstImpi.value())) {
            passed++;
          }
        } catch (java.io.IOException e) {
          out.println("FAIL  the XCAP step could not start: " + e.getMessage());
        }
        total += 3;
        try {
          passed +=
              new SbaDemo(
                      context.subscribers(),
                      new org.gbabsf.core.sim.SimulatedGuss(
                          context.config().hss().simulatedGussLifetime(),
                          context.config().hss().simulatedUss()),
                      out)
                  .run(group, firstImpi);
        } catch (java.io.IOException e) {
          out.println("FAIL  the 5G step could not start: " + e.getMessage());
        }
      }
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
    out.printf(
        "Demo: %d of %d checks passed: %s%n", passed, total, passed == total ? "PASS" : "FAIL");
    out.flush();
    return passed == total;
  }

  private boolean bootstrap(UbClient client, String realm, Impi impi, boolean resync)
      throws InterruptedException {
    Optional<Subscriber> subscriber = context.subscribers().find(impi);
    if (subscriber.isEmpty()) {
      out.printf("FAIL  %s is not a provisioned subscriber%n", impi);
      return false;
    }
    SimulatedUsim usim = new SimulatedUsim(subscriber.get());
    if (resync) {
      // The USIM has seen a far higher SQN than the HSS will use: it answers with AUTS.
      usim.desynchronise(1L << 30);
    }
    GbaUe ue = new GbaUe(client, new UeAuthenticator(usim, "/"), realm, "/");
    GbaUe.Result result = await(ue.bootstrap());
    if (!(result instanceof GbaUe.Result.Bootstrapped b)) {
      GbaUe.Result.Failed f = (GbaUe.Result.Failed) result;
      out.printf("FAIL  %s: %s failed with %d: %s%n", impi, f.step(), f.status(), f.detail());
      return false;
    }
    Optional<SecurityAssociation> stored = await(context.sessionStore().find(new BTid(b.btid())));
    boolean keysAgree = stored.isPresent() && MessageDigest.isEqual(stored.get().ks(), b.ks());
    String elsewhere = "";
    boolean foundElsewhere = true;
    if (secondInstance != null) {
      Optional<SecurityAssociation> there =
          await(secondInstance.sessionStore().find(new BTid(b.btid())));
      foundElsewhere = there.isPresent() && MessageDigest.isEqual(there.get().ks(), b.ks());
      elsewhere = "  found by BSF instance 2: " + (foundElsewhere ? "yes" : "no");
    }
    boolean pass = keysAgree && foundElsewhere;
    if (pass && firstBootstrap == null) {
      firstBootstrap = b;
      firstImpi = impi;
    }
    out.printf(
        "%s  %-20s B-TID %s  lifetime %s%s  Ks agreed with BSF: %s%s%n",
        pass ? "PASS" : "FAIL",
        impi,
        b.btid(),
        b.lifetime(),
        b.resyncs() > 0 ? "  (after " + b.resyncs() + " AUTS resynchronisation)" : "",
        keysAgree ? "yes" : "no",
        elsewhere);
    return pass;
  }

  /** A NAF asks the BSF on Zn for the first UE's key; it must equal the UE's own derivation. */
  private boolean nafAgreesWithUe() throws InterruptedException {
    NafId nafId = new NafId("naf.home1.net", new byte[] {1, 0, 0, 0, 2});
    int nafPort;
    try {
      nafPort = Loopback.freePort();
    } catch (java.io.IOException e) {
      out.println("FAIL  no free port for the NAF simulator: " + e.getMessage());
      return false;
    }
    String bsfHost = context.config().diameter().originHost();
    try (NafClient naf =
        NafClient.start(
            "naf.home1.net",
            context.config().diameter().originRealm(),
            "127.0.0.1",
            nafPort,
            bsfHost,
            context.config().diameter().listenAddress(),
            context.config().diameter().listenPort(),
            context.config().diameter().originRealm())) {
      Loopback.await(() -> naf.connected(bsfHost), java.time.Duration.ofSeconds(20));
      ZnCodec.BiaResult answer =
          await(
              naf.query(
                  new BTid(firstBootstrap.btid()),
                  nafId,
                  java.util.List.of(),
                  false,
                  java.time.Duration.ofSeconds(5)));
      byte[] ueKey =
          GbaKdf.ksNaf(
              firstBootstrap.ks(),
              GbaKdf.GBA_ME,
              firstBootstrap.rand(),
              firstImpi.value(),
              nafId.octets());
      boolean agreed =
          answer instanceof ZnCodec.BiaResult.Keys k && MessageDigest.isEqual(k.ksExtNaf(), ueKey);
      out.printf(
          "%s  NAF naf.home1.net asked the BSF on Zn for %s's key: NAF key agreed with UE: %s%n",
          agreed ? "PASS" : "FAIL", firstImpi, agreed ? "yes" : "no (" + answer + ")");
      return agreed;
    }
  }

  /**
   * TS 33.220 Annex B.4: a UE announcing 3gpp-gba-tmpi gets a TMPI from its bootstrap, presents it
   * instead of its IMPI at the next, and is bootstrapped as its IMPI all the same.
   */
  private boolean tmpiHidesTheImpi(UbClient client, String realm, Impi impi)
      throws InterruptedException {
    Optional<Subscriber> subscriber = context.subscribers().find(impi);
    if (subscriber.isEmpty()) {
      return false;
    }
    UeAuthenticator ue = new UeAuthenticator(new SimulatedUsim(subscriber.get()), "/", true);
    GbaUe gbaUe = new GbaUe(client, ue, realm, "/");
    GbaUe.Result first = await(gbaUe.bootstrap());
    Optional<org.gbabsf.core.domain.Tmpi> tmpi = ue.tmpi();
    GbaUe.Result second = tmpi.isPresent() ? await(gbaUe.bootstrap()) : first;
    Optional<SecurityAssociation> stored =
        second instanceof GbaUe.Result.Bootstrapped b
            ? await(context.sessionStore().find(new BTid(b.btid())))
            : Optional.empty();
    boolean pass =
        first instanceof GbaUe.Result.Bootstrapped
            && tmpi.isPresent()
            && ue.tmpiFallbacks() == 0
            && stored.isPresent()
            && stored.get().impi().equals(impi);
    out.printf(
        "%s  %-20s presented its TMPI %s instead of its IMPI, and was bootstrapped as %s%n",
        pass ? "PASS" : "FAIL",
        impi,
        tmpi.map(Object::toString).orElse("(none given)"),
        stored.map(s -> s.impi().value()).orElse("nobody (" + second + ")"));
    return pass;
  }

  private boolean unknownUserIsRefused(UbClient client, String realm) throws InterruptedException {
    Impi stranger = new Impi("stranger@unknown.invalid");
    UeAuthenticator ue =
        new UeAuthenticator(
            new SimulatedUsim(new Subscriber(stranger, new byte[16], new byte[16], new byte[2], 0)),
            "/");
    UbClient.Response r =
        await(new GbaUe(client, ue, realm, "/").send(ue.initialAuthorization(realm)));
    boolean refused = r.status() == 403;
    out.printf(
        "%s  %-20s unknown to the HSS: answered %d%n",
        refused ? "PASS" : "FAIL", stranger, r.status());
    return refused;
  }

  private static <T> T await(java.util.concurrent.CompletionStage<T> stage)
      throws InterruptedException {
    try {
      return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("demo step did not complete: " + e, e);
    }
  }
}
