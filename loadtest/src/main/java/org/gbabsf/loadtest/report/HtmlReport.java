package org.gbabsf.loadtest.report;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * The run as one self-contained HTML page: the summary table in the operators' format, every
 * figure, and charts over time (call rate, CPU, heap, latency percentiles per second) and of the
 * latency distributions. Inline SVG and CSS only; it needs no network to view.
 */
public final class HtmlReport {

  private HtmlReport() {}

  /**
   * Renders a page.
   *
   * @param title the page title (the run's label)
   * @param summaryTable the console table rows, header first, cells already formatted
   * @param figures every figure, name → value
   * @param errors unexpected failures by kind
   * @param timeline the per-second samples
   * @param distributions latency histograms (nanoseconds) by step
   * @param measureStart seconds from the start at which measurement began
   */
  public static String render(
      String title,
      List<List<String>> summaryTable,
      Map<String, Object> figures,
      Map<String, Long> errors,
      List<Sample> timeline,
      Map<String, Histogram> distributions,
      double measureStart) {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
        .append(SvgChart.esc(title))
        .append("</title>\n<style>")
        .append(
            "body{font-family:sans-serif;margin:24px;color:#222;max-width:960px}"
                + "table{border-collapse:collapse;margin:8px 0 16px}"
                + "td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}"
                + "th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}"
                + ".ok{color:#2a7d2a}.bad{color:#b00020;font-weight:bold}"
                + "svg{display:block;margin:8px 0 18px}")
        .append("</style></head><body>\n");
    h.append("<h1>").append(SvgChart.esc(title)).append("</h1>\n");
    h.append("<p>Generated ").append(Instant.now()).append(" by <code>loadtest run</code>.</p>\n");
    h.append("<h2>Summary (measurement period only)</h2>\n<table>\n");
    for (int r = 0; r < summaryTable.size(); r++) {
      h.append("<tr>");
      for (String cell : summaryTable.get(r)) {
        String tag = r == 0 ? "th" : "td";
        h.append('<').append(tag).append('>').append(SvgChart.esc(cell));
        h.append("</").append(tag).append('>');
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
    h.append(
        errors.isEmpty()
            ? "<p class=\"ok\">No unexpected failures.</p>\n"
            : "<p class=\"bad\">Unexpected failures: "
                + SvgChart.esc(errors.toString())
                + "</p>\n");

    h.append("<h2>Over time</h2>\n");
    double[] t = series(timeline, Sample::t);
    boolean ua = figures.containsKey("uaMs");
    boolean nbsp = figures.containsKey("nbspMs");
    SvgChart rate =
        new SvgChart("Call rate", "seconds since start", "bootstraps/s", false)
            .series("offered", t, series(timeline, Sample::offeredRate))
            .series("completed", t, series(timeline, s -> s.bootstraps()))
            .series("errors", t, series(timeline, s -> s.errors()));
    if (ua) {
      rate.series("Ua requests/s", t, series(timeline, s -> s.uaRequests()));
    }
    if (nbsp) {
      rate.series("Nbsp requests/s", t, series(timeline, s -> s.nbspRequests()));
    }
    h.append(rate.mark(measureStart, "measurement").render());
    h.append(
        new SvgChart("CPU (100 % = one core)", "seconds since start", "%", false)
            .series("BSF process", t, series(timeline, Sample::bsfCpuPercent))
            .series("whole box", t, series(timeline, Sample::boxCpuPercent))
            .mark(measureStart, "measurement")
            .render());
    h.append(
        new SvgChart("BSF heap", "seconds since start", "MB", false)
            .series("used", t, series(timeline, Sample::heapMb))
            .series("live after last GC", t, series(timeline, Sample::liveMb))
            .mark(measureStart, "measurement")
            .render());
    SvgChart latency =
        new SvgChart(
                "Latency per second, first request → 401 (at the UE)",
                "seconds since start",
                "ms",
                false)
            .series("p50", t, series(timeline, Sample::p50))
            .series("p90", t, series(timeline, Sample::p90))
            .series("p99", t, series(timeline, Sample::p99))
            .series("full bootstrap p99", t, series(timeline, Sample::fullP99))
            .series("Zn BIR→BIA p99", t, series(timeline, Sample::znP99));
    if (ua) {
      latency.series("Ua request p99", t, series(timeline, Sample::uaP99));
    }
    if (nbsp) {
      latency.series("Nbsp request p99", t, series(timeline, Sample::nbspP99));
    }
    h.append(latency.mark(measureStart, "measurement").render());

    h.append("<h2>Latency distribution (measurement period)</h2>\n");
    SvgChart distribution = new SvgChart("Latency by percentile", "percentile", "ms", true);
    for (Map.Entry<String, Histogram> d : distributions.entrySet()) {
      if (d.getValue().getTotalCount() == 0) {
        continue;
      }
      double[] qs = {0, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};
      double[] ms = new double[qs.length];
      for (int i = 0; i < qs.length; i++) {
        ms[i] = d.getValue().getValueAtPercentile(qs[i]) / 1e6;
      }
      distribution.series(d.getKey(), qs, ms);
    }
    h.append(distribution.render());

    h.append("<h2>Every figure</h2>\n<table>\n");
    for (Map.Entry<String, Object> f : figures.entrySet()) {
      h.append("<tr><td>")
          .append(SvgChart.esc(f.getKey()))
          .append("</td><td>")
          .append(SvgChart.esc(format(f.getValue())))
          .append("</td></tr>\n");
    }
    h.append("</table>\n</body></html>\n");
    return h.toString();
  }

  private static String format(Object v) {
    if (v instanceof Double d) {
      return String.format(Locale.ROOT, "%.3f", d);
    }
    return String.valueOf(v);
  }

  private static double[] series(List<Sample> timeline, ToDoubleFunction<Sample> f) {
    return timeline.stream().mapToDouble(f).toArray();
  }
}
