package org.gbabsf.loadtest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Per-site figures of {@code loadtest run} over several BSF sites ({@code --bsf}, {@code
 * --also-bsf}, in that order: site 1, 2, …):
 *
 * <ul>
 *   <li>bootstraps (scheduled in the measurement period) by the site whose BSF answered the 200;
 *   <li>failed bootstraps (whole run, as the run's errors) by the site whose BSF answered the
 *       bootstrap's first request, or, if none answered, the UE's home site (the first its
 *       connection tries): a bootstrap begun at a site that then dies counts against that site;
 *   <li>Zn queries (measured) and failed Zn queries (whole run), by the pair (site of the NAF that
 *       asked, site that minted the B-TID), so that a run can tell the failures among surviving
 *       sites from those that a dying site caused; 5403 answers (unknown B-TID) apart.
 * </ul>
 *
 * Thread-safe.
 */
final class SiteAccounts {

  private final List<String> names;
  private final LongAdder[] bootstraps;
  private final LongAdder[] bootstrapErrors;
  private final LongAdder[][] znQueries;
  private final LongAdder[][] znErrors;
  private final LongAdder[][] zn5403;

  /** Accounts for the sites named (their Ub URLs), in order. */
  SiteAccounts(List<String> names) {
    this.names = List.copyOf(names);
    int n = names.size();
    bootstraps = adders(n);
    bootstrapErrors = adders(n);
    znQueries = new LongAdder[n][];
    znErrors = new LongAdder[n][];
    zn5403 = new LongAdder[n][];
    for (int i = 0; i < n; i++) {
      znQueries[i] = adders(n);
      znErrors[i] = adders(n);
      zn5403[i] = adders(n);
    }
  }

  private static LongAdder[] adders(int n) {
    LongAdder[] a = new LongAdder[n];
    for (int i = 0; i < n; i++) {
      a[i] = new LongAdder();
    }
    return a;
  }

  /** How many sites. */
  int size() {
    return names.size();
  }

  /** A bootstrap that site {@code site} (from 0) completed. */
  void bootstrapped(int site, boolean measured) {
    if (measured) {
      bootstraps[site].increment();
    }
  }

  /** A failed bootstrap, counted against {@code site}. */
  void bootstrapFailed(int site) {
    bootstrapErrors[site].increment();
  }

  /** A Zn query by the NAF of site {@code naf} for a B-TID minted at site {@code minted}. */
  void znQueried(int naf, int minted, boolean measured) {
    if (measured) {
      znQueries[naf][minted].increment();
    }
  }

  /** A failed Zn query; {@code unknownBtid} if the BSF answered 5403. */
  void znFailed(int naf, int minted, boolean unknownBtid) {
    znErrors[naf][minted].increment();
    if (unknownBtid) {
      zn5403[naf][minted].increment();
    }
  }

  /** Failed bootstraps counted against {@code site}. */
  long bootstrapErrors(int site) {
    return bootstrapErrors[site].sum();
  }

  /** Failed Zn queries of pairs of sites both in {@code alive} (0-based). */
  long znErrorsAmong(List<Integer> alive) {
    long sum = 0;
    for (int naf : alive) {
      for (int minted : alive) {
        sum += znErrors[naf][minted].sum();
      }
    }
    return sum;
  }

  /**
   * The JSON figures: {@code sites}, one object per site, and {@code znPairs}, one per (NAF site,
   * minting site) with queries; sites numbered from 1.
   */
  Map<String, Object> figures(double seconds, boolean withZn) {
    Map<String, Object> f = new LinkedHashMap<>();
    List<Map<String, Object>> sites = new ArrayList<>();
    long crossQueries = 0;
    long crossMisses = 0;
    for (int i = 0; i < names.size(); i++) {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("site", i + 1);
      s.put("bsf", names.get(i));
      s.put("bootstraps", bootstraps[i].sum());
      s.put("bootstrapsPerSecond", bootstraps[i].sum() / seconds);
      s.put("bootstrapErrors", bootstrapErrors[i].sum());
      if (withZn) {
        long asked = 0;
        long failed = 0;
        long unknown = 0;
        long failedOfItsBtids = 0;
        for (int j = 0; j < names.size(); j++) {
          asked += znQueries[i][j].sum();
          failed += znErrors[i][j].sum();
          unknown += zn5403[i][j].sum();
          failedOfItsBtids += znErrors[j][i].sum();
        }
        s.put("znQueries", asked);
        s.put("znErrors", failed);
        s.put("zn5403", unknown);
        s.put("znErrorsForBtidsMintedHere", failedOfItsBtids);
      }
      sites.add(s);
    }
    f.put("sites", sites);
    if (withZn) {
      List<Map<String, Object>> pairs = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        for (int j = 0; j < names.size(); j++) {
          long q = znQueries[i][j].sum();
          long e = znErrors[i][j].sum();
          long u = zn5403[i][j].sum();
          if (q + e == 0) {
            continue;
          }
          Map<String, Object> p = new LinkedHashMap<>();
          p.put("nafSite", i + 1);
          p.put("mintedAtSite", j + 1);
          p.put("queries", q);
          p.put("errors", e);
          p.put("zn5403", u);
          pairs.add(p);
          if (i != j) {
            crossQueries += q;
            crossMisses += u;
          }
        }
      }
      f.put("znPairs", pairs);
      f.put("znCrossSiteQueries", crossQueries);
      f.put("znCrossSiteMisses5403", crossMisses);
    }
    return f;
  }

  /** The console lines: one per site. */
  List<String> lines(double seconds, boolean withZn) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      StringBuilder b =
          new StringBuilder(
              String.format(
                  Locale.ROOT,
                  "site %d (%s): %,.0f bootstraps/s, %d failed bootstraps",
                  i + 1,
                  names.get(i),
                  bootstraps[i].sum() / seconds,
                  bootstrapErrors[i].sum()));
      if (withZn) {
        long asked = 0;
        long failed = 0;
        long unknown = 0;
        for (int j = 0; j < names.size(); j++) {
          asked += znQueries[i][j].sum();
          failed += znErrors[i][j].sum();
          unknown += zn5403[i][j].sum();
        }
        b.append(
            String.format(
                Locale.ROOT,
                "; its NAF: %d Zn queries, %d failed (%d answered 5403)",
                asked,
                failed,
                unknown));
      }
      out.add(b.toString());
    }
    return out;
  }
}
