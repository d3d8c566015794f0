package org.gbabsf.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A line chart rendered as inline SVG: no script, no network, so the report opens anywhere. Series
 * share one x axis; points with a NaN y are gaps.
 */
public final class SvgChart {

  private static final String[] COLOURS = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#17becf"
  };
  private static final int WIDTH = 900;
  private static final int HEIGHT = 280;
  private static final int LEFT = 70;
  private static final int RIGHT = 20;
  private static final int TOP = 30;
  private static final int BOTTOM = 45;

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final boolean logX;
  private final List<String> names = new ArrayList<>();
  private final List<double[]> xs = new ArrayList<>();
  private final List<double[]> ys = new ArrayList<>();
  private Double markX;
  private String markLabel;

  /** A chart titled {@code title}; {@code logX} for percentile distributions. */
  public SvgChart(String title, String xLabel, String yLabel, boolean logX) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
    this.logX = logX;
  }

  /** Adds a series. */
  public SvgChart series(String name, double[] x, double[] y) {
    names.add(name);
    xs.add(x);
    ys.add(y);
    return this;
  }

  /** Draws a vertical marker, e.g. the start of the measurement period. */
  public SvgChart mark(double x, String label) {
    this.markX = x;
    this.markLabel = label;
    return this;
  }

  /** The SVG element. */
  public String render() {
    double minX = Double.POSITIVE_INFINITY;
    double maxX = Double.NEGATIVE_INFINITY;
    double maxY = 0;
    for (int s = 0; s < xs.size(); s++) {
      for (int i = 0; i < xs.get(s).length; i++) {
        double x = tx(xs.get(s)[i]);
        double y = ys.get(s)[i];
        if (Double.isFinite(x) && Double.isFinite(y)) {
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          maxY = Math.max(maxY, y);
        }
      }
    }
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg width=\"%d\" height=\"%d\" " + "font-family=\"sans-serif\" font-size=\"11\">%n",
            WIDTH,
            HEIGHT));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"18\" font-size=\"14\" font-weight=\"bold\">%s</text>%n",
            LEFT,
            esc(title)));
    if (!Double.isFinite(minX)) {
      svg.append("<text x=\"100\" y=\"140\">no data</text></svg>\n");
      return svg.toString();
    }
    if (maxX <= minX) {
      maxX = minX + 1;
    }
    double topY = niceCeiling(maxY <= 0 ? 1 : maxY * 1.05);
    int plotW = WIDTH - LEFT - RIGHT;
    int plotH = HEIGHT - TOP - BOTTOM;
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#ccc\"/>%n",
            LEFT,
            TOP,
            plotW,
            plotH));
    for (int i = 0; i <= 5; i++) {
      double v = topY * i / 5;
      double py = TOP + plotH - plotH * (v / topY);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#e5e5e5\"/>"
                  + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
              LEFT,
              LEFT + plotW,
              py,
              py,
              LEFT - 5,
              py + 4,
              number(v)));
    }
    List<Double> ticks = new ArrayList<>();
    if (logX) {
      for (int k = (int) Math.ceil(minX); k <= maxX; k++) {
        ticks.add((double) k); // 0 %, 90 %, 99 %, 99.9 %, …
      }
    } else {
      for (int i = 0; i <= 6; i++) {
        ticks.add(minX + (maxX - minX) * i / 6);
      }
    }
    for (double v : ticks) {
      double px = LEFT + plotW * (v - minX) / (maxX - minX);
      String label = logX ? percentileLabel(v) : number(v);
      svg.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
              px,
              TOP + plotH + 15,
              label));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
            LEFT + plotW / 2,
            HEIGHT - 8,
            esc(xLabel)));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"14\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 14 %d)\">%s</text>%n",
            TOP + plotH / 2,
            TOP + plotH / 2,
            esc(yLabel)));
    if (markX != null && tx(markX) >= minX && tx(markX) <= maxX) {
      double px = LEFT + plotW * (tx(markX) - minX) / (maxX - minX);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#888\" "
                  + "stroke-dasharray=\"4 3\"/><text x=\"%.1f\" y=\"%d\" fill=\"#555\">%s</text>%n",
              px,
              px,
              TOP,
              TOP + plotH,
              px + 4,
              TOP + plotH - 6,
              esc(markLabel)));
    }
    for (int s = 0; s < xs.size(); s++) {
      String colour = COLOURS[s % COLOURS.length];
      StringBuilder path = new StringBuilder();
      boolean pen = false;
      for (int i = 0; i < xs.get(s).length; i++) {
        double x = tx(xs.get(s)[i]);
        double y = ys.get(s)[i];
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
          pen = false;
          continue;
        }
        double px = LEFT + plotW * (x - minX) / (maxX - minX);
        double py = TOP + plotH - plotH * Math.min(1, y / topY);
        path.append(pen ? " L" : " M").append(String.format(Locale.ROOT, "%.1f %.1f", px, py));
        pen = true;
      }
      svg.append(
          String.format(
              Locale.ROOT,
              "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"/>%n",
              path.toString().strip(),
              colour));
      int lx = LEFT + 10 + s * 150;
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"3\" fill=\"%s\"/>"
                  + "<text x=\"%d\" y=\"%d\">%s</text>%n",
              lx,
              TOP + 8,
              colour,
              lx + 16,
              TOP + 12,
              esc(names.get(s))));
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  /** Percentile q (0..100) placed on a log scale of 1/(1-q): 90, 99, 99.9 equally spaced. */
  private double tx(double x) {
    return logX ? Math.log10(100.0 / Math.max(1e-6, 100.0 - Math.min(x, 99.9999))) : x;
  }

  private static String percentileLabel(double t) {
    double q = 100.0 - 100.0 / Math.pow(10, t);
    return (q == Math.rint(q)
            ? String.format(Locale.ROOT, "%.0f", q)
            : String.format(Locale.ROOT, "%." + Math.round(t - 2) + "f", q))
        + "%";
  }

  private static double niceCeiling(double v) {
    double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
    for (double step : new double[] {1, 2, 2.5, 5, 10}) {
      if (step * magnitude >= v) {
        return step * magnitude;
      }
    }
    return 10 * magnitude;
  }

  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e9) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return Math.abs(v) >= 100
        ? String.format(Locale.ROOT, "%.0f", v)
        : Math.abs(v) >= 1
            ? String.format(Locale.ROOT, "%.1f", v)
            : String.format(Locale.ROOT, "%.3f", v);
  }

  static String esc(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
