package org.gbabsf.loadtest;

import java.io.PrintWriter;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntPredicate;
import org.gbabsf.core.crypto.GbaKdf;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.zn.NafClient;
import org.gbabsf.diameter.zn.ZnCodec.BiaResult;
import org.gbabsf.http.client.GbaUe;

/**
 * The NAF side of {@code loadtest run}: Zn queries (BIR) after each bootstrap, each key checked
 * against the UE's. One simulated NAF per Zn target: the BSF of {@code --bsf-diameter}, or one per
 * site with {@code --site-diameter}. With several sites, the NAF that asks about a B-TID is the one
 * of {@link #nafSite the next live site after the site that minted it}: every query is a cross-site
 * lookup of a B-TID made a moment ago, as long as two sites live.
 */
final class ZnLoad implements AutoCloseable {

  /** What the generator records of each query. */
  interface Sink {
    /** A query was answered (or failed) {@code nanos} after it was sent. */
    void answered(long nanos, boolean measured);

    /** An expected outcome. */
    void outcome(String kind, boolean measured);

    /** An error of that kind. */
    void error(String kind);
  }

  /**
   * A BSF's Diameter node for Zn.
   *
   * @param host its Origin-Host
   * @param address its address
   * @param port its Diameter port
   */
  record Target(String host, String address, int port) {

    /**
     * {@code [ORIGIN-HOST=]HOST:PORT}; the Origin-Host defaults to {@code defaultHost}.
     *
     * @throws IllegalArgumentException if it is not of that form
     */
    static Target parse(String spec, String defaultHost) {
      String host = defaultHost;
      String where = spec;
      int eq = spec.indexOf('=');
      if (eq >= 0) {
        host = spec.substring(0, eq);
        where = spec.substring(eq + 1);
      }
      int colon = where.lastIndexOf(':');
      if (host.isBlank() || colon <= 0 || colon == where.length() - 1) {
        throw new IllegalArgumentException(
            "a Zn target must be [ORIGIN-HOST=]HOST:PORT, not '" + spec + "'");
      }
      try {
        int port = Integer.parseInt(where.substring(colon + 1));
        if (port < 1 || port > 65535) {
          throw new NumberFormatException();
        }
        return new Target(host, where.substring(0, colon), port);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("bad port in Zn target '" + spec + "'");
      }
    }

    @Override
    public String toString() {
      return host + "=" + address + ":" + port;
    }
  }

  /**
   * The site whose NAF asks about a B-TID minted at site {@code minted} (from 0) of {@code sites}:
   * the first live one after it, in order and wrapping around; the minting site itself only if no
   * other lives; -1 if none lives.
   */
  static int nafSite(int minted, int sites, IntPredicate live) {
    for (int k = 1; k <= sites; k++) {
      int s = (minted + k) % sites;
      if (live.test(s)) {
        return s;
      }
    }
    return -1;
  }

  private final List<NafClient> nafs;
  private final List<Target> targets;
  private final NafId nafId;
  private final Sink sink;
  private final SiteAccounts accounts;

  private ZnLoad(
      List<NafClient> nafs, List<Target> targets, NafId nafId, Sink sink, SiteAccounts accounts) {
    this.nafs = nafs;
    this.targets = targets;
    this.nafId = nafId;
    this.sink = sink;
    this.accounts = accounts;
  }

  /**
   * Starts one NAF {@code nafHost} per target, listening on {@code nafPort}, {@code nafPort} + 1,
   * …, and waits up to 20 s for the first to connect, then up to 3 s more for the others (a site
   * that is down at the start is skipped until its BSF answers).
   *
   * @param accounts per-site figures, or null with a single target
   * @throws IllegalStateException if none connects
   */
  static ZnLoad start(
      PrintWriter out,
      List<Target> targets,
      String nafHost,
      String nafRealm,
      int nafPort,
      String bsfRealm,
      Sink sink,
      SiteAccounts accounts) {
    List<NafClient> nafs = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      Target t = targets.get(i);
      nafs.add(
          NafClient.start(
              nafHost,
              nafRealm,
              "127.0.0.1",
              nafPort + i,
              t.host(),
              t.address(),
              t.port(),
              bsfRealm));
    }
    ZnLoad load =
        new ZnLoad(nafs, targets, new NafId(nafHost, Hex.decode("0100000002")), sink, accounts);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (load.connected() == 0 && System.nanoTime() < deadline) {
      LockSupport.parkNanos(50_000_000L);
    }
    if (load.connected() == 0) {
      load.close();
      throw new IllegalStateException(
          "NAF "
              + nafHost
              + " could not connect to the BSF at "
              + (targets.size() == 1
                  ? targets.get(0).address() + ":" + targets.get(0).port()
                  : targets.toString())
              + " (is it in zn.nafs?)");
    }
    deadline = Math.min(deadline, System.nanoTime() + TimeUnit.SECONDS.toNanos(3));
    while (load.connected() < targets.size() && System.nanoTime() < deadline) {
      LockSupport.parkNanos(50_000_000L);
    }
    for (int i = 0; i < targets.size(); i++) {
      if (load.live(i)) {
        out.printf(
            "NAF %s connected to the BSF on Zn%s%n",
            nafHost, targets.size() > 1 ? " (site " + (i + 1) + ", " + targets.get(i) + ")" : "");
      } else {
        out.printf(
            "NAF %s not connected to site %d's BSF (%s): its queries go to the next live site%n",
            nafHost, i + 1, targets.get(i));
      }
    }
    return load;
  }

  private int connected() {
    int n = 0;
    for (int i = 0; i < nafs.size(); i++) {
      n += live(i) ? 1 : 0;
    }
    return n;
  }

  /** True while the NAF of site {@code i} is connected to its BSF. */
  boolean live(int i) {
    return nafs.get(i).connected(targets.get(i).host());
  }

  /** How many Zn targets (sites). */
  int sites() {
    return nafs.size();
  }

  /**
   * {@code n} queries, one after the other, about a B-TID that site {@code minted} (from 0; 0 when
   * there is a single Ub site) made.
   */
  CompletionStage<Void> queries(
      GbaUe.Result.Bootstrapped b, String impi, int n, boolean measured, int minted) {
    CompletionStage<Void> chain = CompletableFuture.completedFuture(null);
    for (int i = 0; i < n; i++) {
      chain = chain.thenCompose(x -> query(b, impi, measured, minted));
    }
    return chain;
  }

  private CompletionStage<Void> query(
      GbaUe.Result.Bootstrapped b, String impi, boolean measured, int minted) {
    int naf = nafs.size() == 1 ? 0 : nafSite(minted, nafs.size(), this::live);
    if (naf < 0) {
      sink.error("zn no NAF connected");
      if (accounts != null) {
        accounts.znFailed(minted, minted, false);
      }
      return CompletableFuture.completedFuture(null);
    }
    if (accounts != null) {
      accounts.znQueried(naf, minted, measured);
    }
    long sent = System.nanoTime();
    return nafs.get(naf)
        .query(new BTid(b.btid()), nafId, List.of(), false, Duration.ofSeconds(5))
        .handle(
            (answer, failure) -> {
              sink.answered(System.nanoTime() - sent, measured);
              String error = null;
              boolean unknown = false;
              if (failure != null) {
                error = "zn " + UaFetch.rootName(failure);
              } else if (answer instanceof BiaResult.Keys keys) {
                byte[] ueKey = GbaKdf.ksNaf(b.ks(), GbaKdf.GBA_ME, b.rand(), impi, nafId.octets());
                if (MessageDigest.isEqual(ueKey, keys.ksExtNaf())) {
                  sink.outcome("zn key agreed", measured);
                } else {
                  error = "zn key differs from the UE's";
                }
              } else {
                long code = ((BiaResult.Refused) answer).code();
                unknown = code == 5403;
                error = "zn " + code;
              }
              if (error != null) {
                sink.error(error);
                if (accounts != null) {
                  accounts.znFailed(naf, minted, unknown);
                }
              }
              return null;
            });
  }

  @Override
  public void close() {
    for (NafClient n : nafs) {
      n.close();
    }
  }
}
