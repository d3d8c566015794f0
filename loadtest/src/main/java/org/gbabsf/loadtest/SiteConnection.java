package org.gbabsf.loadtest;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.gbabsf.http.client.FailoverUbClient;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UbTransport;

/**
 * One UE connection over several BSF sites, as a GSLB hands them out: it prefers its home site and
 * moves on to the next ones, in order and wrapping around, when a connection fails or a 503 comes
 * ({@link FailoverUbClient}). It remembers which site answered the first and the last request of
 * the call under way. One call at a time.
 */
final class SiteConnection implements UbTransport {

  private final FailoverUbClient failover;
  private final int[] siteOf;
  private volatile int firstSite = -1;
  private volatile int lastSite = -1;

  /**
   * Over {@code instances}, whose {@code i}-th is site {@code siteOf[i]} (from 0); the first is the
   * home site.
   */
  SiteConnection(List<UbClient> instances, int[] siteOf) {
    if (instances.size() != siteOf.length) {
      throw new IllegalArgumentException("one site per instance");
    }
    this.failover = new FailoverUbClient(instances);
    this.siteOf = siteOf.clone();
  }

  /**
   * The order in which connection {@code connection} tries {@code sites} sites: its home site,
   * {@code connection mod sites}, then the next ones, wrapping around. Connections are thus spread
   * evenly over the sites, and a dead site's UEs move to the site after it.
   */
  static int[] order(int connection, int sites) {
    int[] order = new int[sites];
    for (int j = 0; j < sites; j++) {
      order[j] = (connection + j) % sites;
    }
    return order;
  }

  /** The site this connection tries first. */
  int home() {
    return siteOf[0];
  }

  /** Forgets the sites of the previous call. */
  void beginCall() {
    firstSite = -1;
    lastSite = -1;
  }

  /** The site that answered this call's first request, or -1 if none answered. */
  int firstSite() {
    return firstSite;
  }

  /** The site that answered this call's last request (the 200 of a bootstrap), or -1. */
  int lastSite() {
    return lastSite;
  }

  /** Requests sent again to another site. */
  long moves() {
    return failover.moves();
  }

  @Override
  public CompletionStage<UbClient.Response> get(String uri, Map<String, String> headers) {
    return failover
        .get(uri, headers)
        .whenComplete(
            (response, error) -> {
              int i = failover.lastAnswered();
              if (error == null && i >= 0) {
                int site = siteOf[i];
                if (firstSite < 0) {
                  firstSite = site;
                }
                lastSite = site;
              }
            });
  }

  @Override
  public void close() {
    failover.close();
  }
}
