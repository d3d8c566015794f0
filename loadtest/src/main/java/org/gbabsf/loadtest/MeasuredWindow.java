package org.gbabsf.loadtest;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.gbabsf.netty.Threads;

/**
 * The sampling of {@code loadtest run}: its one job is the clock of the run, from the start of the
 * ramp to the end of the measured window. Every second it closes one second of the timeline ({@link
 * RunMeasures#tick}) on the {@code loadtest-sampler} thread; at the window's two edges it reads the
 * BSF's (and Cassandra's) cumulative CPU on a {@code loadtest-cpu-edges} thread of its own, so that
 * neither the generator nor the per-second sampler holds the other up.
 */
final class MeasuredWindow {

  /**
   * The cumulative CPU at the edges of the measured window.
   *
   * @param atMeasureStart at the end of the ramp; unknown if the read failed
   * @param atEnd at the end of the window; unknown if the read failed
   */
  record Edges(Sampler.Cumulative atMeasureStart, Sampler.Cumulative atEnd) {}

  private final Sampler sampler;
  private final RunMeasures measures;
  private final LongToDoubleFunction offered;
  private final UaLoad ua;
  private final NbspLoad nbsp;
  private final long start;
  private final long end;
  private final ScheduledExecutorService ticker = Threads.scheduler("loadtest-sampler");
  private final ScheduledExecutorService edges = Threads.scheduler("loadtest-cpu-edges");
  private ScheduledFuture<Sampler.Cumulative> cpuAtStart;
  private ScheduledFuture<Sampler.Cumulative> cpuAtEnd;

  private MeasuredWindow(
      Sampler sampler,
      RunMeasures measures,
      LongToDoubleFunction offered,
      UaLoad ua,
      NbspLoad nbsp,
      long start,
      long end) {
    this.sampler = sampler;
    this.measures = measures;
    this.offered = offered;
    this.ua = ua;
    this.nbsp = nbsp;
    this.start = start;
    this.end = end;
  }

  /**
   * Starts the clock now: the ramp, then the measured window of {@code duration}, which {@code
   * measures} (and {@code ua}, for its proxy's CPU) are told of; starts sampling.
   *
   * @param offered the offered rate, by nanoseconds since the start
   * @param ua the Ua load, or null
   * @param nbsp the Nbsp load, or null
   */
  static MeasuredWindow open(
      Sampler sampler,
      RunMeasures measures,
      LongToDoubleFunction offered,
      UaLoad ua,
      NbspLoad nbsp,
      Duration ramp,
      Duration duration) {
    sampler.begin();
    long start = System.nanoTime();
    long measureStart = start + ramp.toNanos();
    long end = measureStart + duration.toNanos();
    MeasuredWindow w = new MeasuredWindow(sampler, measures, offered, ua, nbsp, start, end);
    measures.measureBetween(measureStart, end);
    if (ua != null) {
      ua.measureBetween(measureStart, end);
    }
    w.ticker.scheduleAtFixedRate(w::tick, 1, 1, TimeUnit.SECONDS);
    w.cpuAtStart =
        w.edges.schedule(
            sampler::cumulative, measureStart - System.nanoTime(), TimeUnit.NANOSECONDS);
    w.cpuAtEnd =
        w.edges.schedule(sampler::cumulative, end - System.nanoTime(), TimeUnit.NANOSECONDS);
    return w;
  }

  /** When the run started, in {@link System#nanoTime()}. */
  long start() {
    return start;
  }

  /** When the measured window ends, in {@link System#nanoTime()}. */
  long end() {
    return end;
  }

  /** The sampler, for readings after the run. */
  Sampler sampler() {
    return sampler;
  }

  /**
   * The CPU read at the window's edges, waiting up to 10 s for each; a read that failed or did not
   * come is unknown. Ends the edges' thread.
   */
  Edges cpuAtEdges() throws InterruptedException {
    Sampler.Cumulative atMeasureStart = edge(cpuAtStart);
    Sampler.Cumulative atEnd = edge(cpuAtEnd);
    edges.shutdown();
    return new Edges(atMeasureStart, atEnd);
  }

  /** Stops the per-second sampling and closes the last, partial second of the timeline. */
  void stop() throws InterruptedException {
    ticker.shutdown();
    ticker.awaitTermination(5, TimeUnit.SECONDS);
    tick(); // the last, partial second
  }

  /** Closes one second of the timeline. */
  private void tick() {
    measures.tick(
        sampler,
        start,
        offered,
        ua == null ? new Histogram(3) : ua.interval(),
        nbsp == null ? new Histogram(3) : nbsp.interval());
  }

  private static Sampler.Cumulative edge(ScheduledFuture<Sampler.Cumulative> f)
      throws InterruptedException {
    try {
      return f.get(10, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      return Sampler.Cumulative.unknown();
    }
  }
}
