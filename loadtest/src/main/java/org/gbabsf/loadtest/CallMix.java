package org.gbabsf.loadtest;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbTransport;

/**
 * One call of the run's mix: a fresh bootstrap, a re-bootstrap of a UE that holds a session, a
 * bootstrap through a resynchronisation, or a wrong answer to the challenge; then the NAF's Zn
 * queries, the Ua requests and the Nbsp_GBA requests that follow a bootstrap. Records what each
 * call found into {@link RunMeasures}, and a failed call against its site ({@link SiteAccounts}).
 */
final class CallMix {

  private final RunMeasures measures;
  private final SiteAccounts sites; // null with one site
  private final String realm;
  private final String path;
  private final double resyncShare;
  private final double wrongShare;
  private final ZnLoad naf; // null without Zn queries
  private final int znPerBootstrap;
  private final UaLoad ua; // null without Ua requests
  private final NbspLoad nbsp; // null without Nbsp_GBA requests

  CallMix(
      RunMeasures measures,
      SiteAccounts sites,
      String realm,
      String path,
      double resyncShare,
      double wrongShare,
      ZnLoad naf,
      int znPerBootstrap,
      UaLoad ua,
      NbspLoad nbsp) {
    this.measures = measures;
    this.sites = sites;
    this.realm = realm;
    this.path = path;
    this.resyncShare = resyncShare;
    this.wrongShare = wrongShare;
    this.naf = naf;
    this.znPerBootstrap = znPerBootstrap;
    this.ua = ua;
    this.nbsp = nbsp;
  }

  /** One call of the mix; completes with whether the subscriber now holds a session. */
  CompletionStage<Boolean> call(UbTransport client, Population.Subscriber s, long scheduledAt) {
    boolean measured = measures.measured(scheduledAt);
    SiteConnection site = client instanceof SiteConnection c ? c : null;
    if (site != null) {
      site.beginCall();
    }
    double kind = ThreadLocalRandom.current().nextDouble();
    boolean resync = kind < resyncShare;
    boolean wrong = !resync && kind < resyncShare + wrongShare;
    if (resync) {
      s.usim.desynchronise(s.usim.highestSqn() + 1000);
    }
    boolean rebootstrap = s.holdsSession;
    GbaUe ue = new GbaUe(client, s.authenticator, realm, path);
    long sendDelay = Math.max(0, System.nanoTime() - scheduledAt);
    return ue.bootstrap(wrong)
        .thenCompose(
            r -> {
              long done = System.nanoTime();
              if (wrong) {
                return CompletableFuture.completedFuture(
                    wrongResponseDone(r, sendDelay, measured, s.holdsSession, site));
              }
              if (r instanceof GbaUe.Result.Bootstrapped b) {
                measures.firstChallenge.recordValue(sendDelay + b.firstChallengeNanos());
                measures.full.recordValue(done - scheduledAt);
                if (measured) {
                  measures.measuredFirst.recordValue(sendDelay + b.firstChallengeNanos());
                  measures.measuredFull.recordValue(done - scheduledAt);
                  measures.measuredBootstraps.increment();
                }
                int minted = site == null ? 0 : Math.max(0, site.lastSite());
                if (sites != null) {
                  sites.bootstrapped(minted, measured);
                }
                if (resync && b.resyncs() == 0) {
                  measures.error("resync: USIM accepted a stale SQN");
                  siteFailed(site);
                }
                measures.outcome(
                    b.resyncs() > 0
                        ? "bootstrap with resync"
                        : rebootstrap ? "re-bootstrap" : "fresh bootstrap",
                    measured);
                if (measured) {
                  measures.messages.add(4 + 2L * b.resyncs());
                }
                CompletionStage<Void> zn =
                    naf == null
                        ? CompletableFuture.completedFuture(null)
                        : naf.queries(b, s.authenticator.impi(), znPerBootstrap, measured, minted);
                CompletionStage<Void> viaNafs =
                    ua == null
                        ? zn
                        : zn.thenCompose(x -> ua.requests(b, s.authenticator.impi(), measured));
                return (nbsp == null
                        ? viaNafs
                        : viaNafs.thenCompose(
                            x -> nbsp.requests(b, s.authenticator.impi(), measured)))
                    .thenApply(x -> true);
              }
              GbaUe.Result.Failed f = (GbaUe.Result.Failed) r;
              if (measured
                  && f.step().equals("initial")
                  && f.status() == 503
                  && f.firstChallengeNanos() >= 0) {
                measures.measuredRefusals.recordValue(sendDelay + f.firstChallengeNanos());
              }
              measures.error(
                  f.status() == 0
                      ? f.step() + " " + f.detail().split(":", 2)[0]
                      : f.step() + " " + f.status());
              siteFailed(site);
              return CompletableFuture.completedFuture(false);
            });
  }

  /**
   * Counts a failed bootstrap against the site whose BSF answered its first request, or, if none
   * did, the connection's home site.
   */
  private void siteFailed(SiteConnection site) {
    if (sites != null && site != null) {
      sites.bootstrapFailed(site.firstSite() >= 0 ? site.firstSite() : site.home());
    }
  }

  private boolean wrongResponseDone(
      GbaUe.Result r, long sendDelay, boolean measured, boolean heldSession, SiteConnection site) {
    if (r instanceof GbaUe.Result.Failed f && f.step().equals("answer") && f.status() == 403) {
      // ub.max-failures wrong answers within ub.failure-window lock the IMPI out: expected.
      measures.outcome("wrong response, IMPI locked out (403)", measured);
    } else if (r instanceof GbaUe.Result.Failed f
        && f.step().equals("answer")
        && f.status() == 401) {
      measures.outcome("wrong response challenged again", measured);
      if (f.firstChallengeNanos() >= 0) {
        measures.firstChallenge.recordValue(sendDelay + f.firstChallengeNanos());
        if (measured) {
          measures.measuredFirst.recordValue(sendDelay + f.firstChallengeNanos());
        }
      }
      if (measured) {
        measures.messages.add(4);
      }
    } else {
      measures.error(
          "wrong response answered "
              + (r instanceof GbaUe.Result.Failed f ? f.step() + " " + f.status() : "200"));
      siteFailed(site);
    }
    return heldSession;
  }
}
