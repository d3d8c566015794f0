package org.gbabsf.loadtest;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.gbabsf.loadtest.report.HtmlReport;
import org.gbabsf.loadtest.report.JsonFile;
import org.gbabsf.loadtest.report.Sample;

/**
 * The end of {@code loadtest run}: from the run's figures ({@link RunFigures}), its table and lines
 * on the console, and its JSON and HTML files. {@link RunCommand} schedules and measures; this
 * class only reports.
 */
final class RunReport {

  private final String label;
  private final double rate;
  private final long rampSeconds;
  private final double seconds;
  private final Path json;
  private final Path html;
  private final UaLoad ua;
  private final NbspLoad nbsp;
  private final SiteAccounts sites;
  private final boolean otherInstances;
  private final boolean siteDiameter;

  /**
   * A report of a run.
   *
   * @param label the run's label, or empty
   * @param rate the target rate, calls a second
   * @param rampSeconds the ramp before the measurement
   * @param seconds the measurement period
   * @param json where to write every figure and the timeline, or null
   * @param html where to write the HTML report, or null
   * @param ua the Ua load, or null
   * @param nbsp the Nbsp load, or null
   * @param sites the per-site accounts of a multi-site run, or null
   * @param otherInstances whether calls could move to another BSF instance
   * @param siteDiameter whether each site had its own Diameter address
   */
  RunReport(
      String label,
      double rate,
      long rampSeconds,
      double seconds,
      Path json,
      Path html,
      UaLoad ua,
      NbspLoad nbsp,
      SiteAccounts sites,
      boolean otherInstances,
      boolean siteDiameter) {
    this.label = label;
    this.rate = rate;
    this.rampSeconds = rampSeconds;
    this.seconds = seconds;
    this.json = json;
    this.html = html;
    this.ua = ua;
    this.nbsp = nbsp;
    this.sites = sites;
    this.otherInstances = otherInstances;
    this.siteDiameter = siteDiameter;
  }

  /**
   * Prints the report and writes its files.
   *
   * @return the exit code: 0 if no call failed and every call finished, else 1
   */
  @SuppressWarnings("unchecked")
  int write(PrintWriter out, RunFigures figures, List<Sample> timeline) throws IOException {
    Map<String, Object> f = figures.map();
    Histogram fc = figures.firstChallenge();
    Histogram fb = figures.fullBootstrap();
    Histogram zq = figures.zn();
    int cores = (int) f.get("boxCores");
    List<List<String>> table = new ArrayList<>();
    table.add(List.of("rate", "messages/s", "CPU", "heap", "p50", "p90", "p95", "p99"));
    table.add(
        List.of(
            String.format(
                Locale.ROOT,
                "%,.0f bootstraps/s (target %,.0f)",
                (double) f.get("achievedBootstrapsPerSecond"),
                rate),
            String.format(Locale.ROOT, "%,.0f", (double) f.get("ubAndZnMessagesPerSecond")),
            f.containsKey("bsfCpuPercent")
                ? String.format(
                        Locale.ROOT,
                        "BSF %.0f %% of %d %% (%.3f ms per bootstrap); box %.0f %%",
                        (double) f.get("bsfCpuPercent"),
                        cores * 100,
                        (double) f.getOrDefault("bsfCpuPerBootstrapMs", Double.NaN),
                        (double) f.getOrDefault("boxCpuPercent", Double.NaN))
                    + (f.containsKey("cassandraCpuPerBootstrapMs")
                        ? String.format(
                            Locale.ROOT,
                            "; Cassandra %.0f %% (%.3f ms per bootstrap)",
                            (double) f.get("cassandraCpuPercent"),
                            (double) f.get("cassandraCpuPerBootstrapMs"))
                        : "")
                : String.format(
                    Locale.ROOT,
                    "box %.0f %% of %d %%",
                    (double) f.getOrDefault("boxCpuPercent", Double.NaN),
                    cores * 100),
            f.containsKey("bsfHeapAverageMb")
                ? String.format(Locale.ROOT, "%.0f MB average", (double) f.get("bsfHeapAverageMb"))
                : "n/a",
            msText(fc, 50),
            msText(fc, 90),
            msText(fc, 95),
            msText(fc, 99)));
    if (ua != null) {
      table.add(ua.tableRow(f));
    }
    if (nbsp != null) {
      table.add(nbsp.tableRow(f));
    }
    if (!label.isEmpty()) {
      out.println("### " + label);
    }
    out.println("| " + String.join(" | ", table.get(0)) + " |");
    out.println("|---|---|---|---|---|---|---|---|");
    for (List<String> row : table.subList(1, table.size())) {
      out.println("| " + String.join(" | ", row) + " |");
    }
    out.printf(
        Locale.ROOT,
        "full bootstrap p50 %s, p99 %s; Zn BIR→BIA p50 %s, p99 %s (%d queries)%n",
        msText(fb, 50),
        msText(fb, 99),
        msText(zq, 50),
        msText(zq, 99),
        zq.getTotalCount());
    if (ua != null) {
      out.println(ua.summaryLine());
    }
    if (nbsp != null) {
      out.println(nbsp.summaryLine());
    }
    Map<String, Double> refusals = (Map<String, Double>) f.get("firstRequestTo503Ms");
    if (refusals.get("count") > 0) {
      out.printf(
          Locale.ROOT,
          "first request → 503 (refused): p50 %.2f ms, p99 %.2f ms (%.0f)%n",
          refusals.get("p50"),
          refusals.get("p99"),
          refusals.get("count"));
    }
    if (otherInstances) {
      out.println("requests moved to another instance: " + f.get("movedToOtherBsf"));
    }
    if (sites != null) {
      sites.lines(seconds, siteDiameter).forEach(out::println);
      if (f.containsKey("znCrossSiteQueries")) {
        out.printf(
            Locale.ROOT,
            "cross-site Zn queries %d, answered 5403 (B-TID not found at the NAF's site) %d%n",
            (long) f.get("znCrossSiteQueries"),
            (long) f.get("znCrossSiteMisses5403"));
      }
    }
    out.println("outcomes " + f.get("outcomes"));
    Map<String, Long> errs = (Map<String, Long>) f.get("errors");
    out.println("errors " + (errs.isEmpty() ? "none" : errs));
    if (f.containsKey("bsfLiveHeapAfterFullGcMb")) {
      out.printf(
          Locale.ROOT,
          "BSF live heap after full GC: %.1f MB%n",
          (double) f.get("bsfLiveHeapAfterFullGcMb"));
    }
    out.flush();
    Map<String, Object> everything = new LinkedHashMap<>(f);
    everything.put("timeline", timeline);
    if (json != null) {
      JsonFile.write(json, everything);
    }
    if (html != null) {
      Map<String, Histogram> dist = new LinkedHashMap<>();
      dist.put("first request → 401", fc);
      dist.put("full bootstrap", fb);
      dist.put("Zn BIR → BIA", zq);
      if (ua != null) {
        dist.put("Ua request (through the proxy)", ua.total());
      }
      if (nbsp != null) {
        dist.put("Nbsp_GBA request", nbsp.total());
      }
      Files.writeString(
          html,
          HtmlReport.render(
              label.isEmpty() ? "GBA BSF load test" : label,
              table,
              f,
              errs,
              timeline,
              dist,
              rampSeconds),
          StandardCharsets.UTF_8);
    }
    boolean ok = errs.isEmpty() && Boolean.TRUE.equals(f.get("allCallsFinished"));
    return ok ? 0 : 1;
  }

  /** The percentiles of {@code h} in milliseconds, with its max and count. */
  static Map<String, Double> percentiles(Histogram h) {
    Map<String, Double> p = new LinkedHashMap<>();
    for (double q : new double[] {50, 90, 95, 99, 99.9}) {
      p.put(
          "p" + (q == 99.9 ? "99.9" : Integer.toString((int) q)), h.getValueAtPercentile(q) / 1e6);
    }
    p.put("max", h.getMaxValue() / 1e6);
    p.put("count", (double) h.getTotalCount());
    return p;
  }

  /** The {@code q} percentile of {@code h} as text, in milliseconds; n/a if empty. */
  static String msText(Histogram h, double q) {
    return h.getTotalCount() == 0
        ? "n/a"
        : String.format(Locale.ROOT, "%.2f ms", h.getValueAtPercentile(q) / 1e6);
  }
}
