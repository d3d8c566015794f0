package org.gbabsf.loadtest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.gbabsf.loadtest.report.Sample;

/**
 * What a run measures: the latencies of every call and of those scheduled in the measurement
 * period, the counts of outcomes, errors and messages, and the per-second timeline with the BSF's
 * CPU and heap. {@link RunCommand} schedules the calls and records into it; {@link RunReport}
 * prints what it gathered. Thread-safe: calls complete on the generator's I/O threads, the timeline
 * is taken on the sampler's.
 */
final class RunMeasures {

  // Every call, by the second: the timeline.
  final Recorder firstChallenge = new Recorder(3);
  final Recorder full = new Recorder(3);
  final Recorder zn = new Recorder(3);
  // Calls scheduled in the measurement period, whenever they complete: the summary's figures.
  final Recorder measuredFirst = new Recorder(3);
  final Recorder measuredFull = new Recorder(3);
  final Recorder measuredZn = new Recorder(3);
  final Recorder measuredRefusals = new Recorder(3);
  final LongAdder measuredBootstraps = new LongAdder();
  final LongAdder measuredZnQueries = new LongAdder();
  final LongAdder messages = new LongAdder();

  private final ConcurrentHashMap<String, LongAdder> errors = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, LongAdder> outcomes = new ConcurrentHashMap<>();
  private final AtomicLong errorsThisSecond = new AtomicLong();
  private final List<Sample> timeline = new ArrayList<>();
  private final Totals totals = new Totals();
  private volatile long measureStart = Long.MAX_VALUE;
  private volatile long measureEnd = Long.MAX_VALUE;

  /** Heap and box CPU over the measured seconds, accumulated by the sampler thread. */
  private static final class Totals {
    double boxCpuPercentSum;
    long boxSamples;
    double heapMbSum;
    long heapSamples;
    double heapMbMax;
  }

  /** The measurement period, in {@link System#nanoTime()}: calls scheduled in it are measured. */
  void measureBetween(long start, long end) {
    measureStart = start;
    measureEnd = end;
  }

  /** Whether a call scheduled at {@code scheduledAt} counts in the summary. */
  boolean measured(long scheduledAt) {
    return scheduledAt >= measureStart;
  }

  /** Counts an expected outcome of a call scheduled in the measurement period. */
  void outcome(String kind, boolean measured) {
    if (!measured) {
      return;
    }
    outcomes.computeIfAbsent(kind, k -> new LongAdder()).increment();
  }

  /** Counts an error of any call, in the run's totals and in this second's. */
  void error(String kind) {
    errors.computeIfAbsent(kind, k -> new LongAdder()).increment();
    errorsThisSecond.incrementAndGet();
  }

  /**
   * Closes one second of the timeline: the interval histograms of every call, the errors, and the
   * sampler's reading of the BSF.
   *
   * @param start when the run started
   * @param offeredAt the offered rate, by nanoseconds since the start
   * @param ua the NAF proxy's requests of the second (empty without them)
   * @param nbsp the Nbsp_GBA requests of the second (empty without them)
   */
  void tick(
      Sampler sampler, long start, LongToDoubleFunction offeredAt, Histogram ua, Histogram nbsp) {
    Histogram fc = firstChallenge.getIntervalHistogram();
    Histogram fb = full.getIntervalHistogram();
    Histogram zq = zn.getIntervalHistogram();
    long errs = errorsThisSecond.getAndSet(0);
    Sampler.Reading reading = sampler.read();
    long now = System.nanoTime();
    double t = (now - start) / 1e9;
    // An interval counts as measured if it lies mostly inside [measureStart, measureEnd].
    boolean measuring = now - 500_000_000L >= measureStart && now - 500_000_000L < measureEnd;
    synchronized (timeline) {
      if (measuring) {
        if (Double.isFinite(reading.boxCpuPercent())) {
          totals.boxCpuPercentSum += reading.boxCpuPercent();
          totals.boxSamples++;
        }
        if (reading.heapMb() >= 0) {
          totals.heapMbSum += reading.heapMb();
          totals.heapSamples++;
          totals.heapMbMax = Math.max(totals.heapMbMax, reading.heapMb());
        }
      }
      timeline.add(
          new Sample(
              Math.round(t * 10) / 10.0,
              measuring,
              offeredAt.applyAsDouble((long) ((t - 0.5) * 1e9)),
              fb.getTotalCount(),
              errs,
              ms(fc, 50),
              ms(fc, 90),
              ms(fc, 99),
              ms(fb, 99),
              zq.getTotalCount(),
              ms(zq, 99),
              reading.bsfCpuPercent(),
              reading.boxCpuPercent(),
              reading.heapMb() >= 0 ? reading.heapMb() : Double.NaN,
              reading.liveMb() > 0 ? reading.liveMb() : Double.NaN,
              ua.getTotalCount(),
              ms(ua, 99),
              nbsp.getTotalCount(),
              ms(nbsp, 99)));
    }
  }

  /** The timeline so far (a copy). */
  List<Sample> timeline() {
    synchronized (timeline) {
      return List.copyOf(timeline);
    }
  }

  /**
   * Adds the measured figures to {@code f}: rates over {@code seconds}, the BSF's and Cassandra's
   * CPU between the period's edges, heap, and the outcome and error counts.
   */
  void figures(
      Map<String, Object> f,
      double seconds,
      Sampler.Cumulative atMeasureStart,
      Sampler.Cumulative atEnd) {
    long bootstraps = measuredBootstraps.sum();
    f.put("achievedBootstrapsPerSecond", bootstraps / seconds);
    f.put("ubAndZnMessagesPerSecond", messages.sum() / seconds);
    f.put("znQueriesPerSecond", measuredZnQueries.sum() / seconds);
    f.put("boxCores", Runtime.getRuntime().availableProcessors());
    synchronized (timeline) {
      if (totals.boxSamples > 0) {
        f.put("boxCpuPercent", totals.boxCpuPercentSum / totals.boxSamples);
      }
    }
    double window = (atEnd.nanoTime() - atMeasureStart.nanoTime()) / 1e9;
    if (atMeasureStart.bsfCpuNanos() >= 0 && atEnd.bsfCpuNanos() >= 0) {
      long cpu = atEnd.bsfCpuNanos() - atMeasureStart.bsfCpuNanos();
      f.put("bsfCpuPercent", cpu / 1e7 / window);
      if (bootstraps > 0) {
        // All of the BSF's CPU in the window (the whole call mix, metrics scrapes included)
        // over the bootstraps scheduled in it.
        f.put("bsfCpuPerBootstrapMs", cpu / 1e6 / bootstraps);
      }
    }
    if (atMeasureStart.cassandraCpuNanos() >= 0 && atEnd.cassandraCpuNanos() >= 0) {
      long cpu = atEnd.cassandraCpuNanos() - atMeasureStart.cassandraCpuNanos();
      f.put("cassandraCpuPercent", cpu / 1e7 / window);
      if (bootstraps > 0) {
        f.put("cassandraCpuPerBootstrapMs", cpu / 1e6 / bootstraps);
      }
    }
    synchronized (timeline) {
      if (totals.heapSamples > 0) {
        f.put("bsfHeapAverageMb", totals.heapMbSum / totals.heapSamples);
        f.put("bsfHeapMaxMb", totals.heapMbMax);
      }
      double lastLive = Double.NaN;
      for (Sample s : timeline) {
        if (Double.isFinite(s.liveMb())) {
          lastLive = s.liveMb();
        }
      }
      if (Double.isFinite(lastLive)) {
        f.put("bsfLiveDataAfterLastGcMb", lastLive);
      }
    }
  }

  /** The latency figures of the calls scheduled in the measurement period. */
  void latencies(Map<String, Object> f, Histogram fcTotal, Histogram fullTotal, Histogram znTotal) {
    f.put("firstRequestTo401Ms", RunReport.percentiles(fcTotal));
    f.put("fullBootstrapMs", RunReport.percentiles(fullTotal));
    f.put("znBirToBiaMs", RunReport.percentiles(znTotal));
    f.put("firstRequestTo503Ms", RunReport.percentiles(measuredRefusals.getIntervalHistogram()));
  }

  /** The outcomes of the measured calls, by kind. */
  Map<String, Long> outcomeCounts() {
    Map<String, Long> o = new TreeMap<>();
    outcomes.forEach((k, v) -> o.put(k, v.sum()));
    return o;
  }

  /** The errors of every call, by kind. */
  Map<String, Long> errorCounts() {
    Map<String, Long> e = new TreeMap<>();
    errors.forEach((k, v) -> e.put(k, v.sum()));
    return e;
  }

  private static double ms(Histogram h, double q) {
    return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(q) / 1e6;
  }
}
