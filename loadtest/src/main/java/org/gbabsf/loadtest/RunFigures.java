package org.gbabsf.loadtest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.gbabsf.http.client.UbTransport;

/**
 * The figures of {@code loadtest run}: its one job is to assemble, in the order of the report and
 * of its JSON file, the map of figures from the run's options, its {@link RunMeasures}, the CPU at
 * the measured window's edges and the loads; {@link RunReport} prints it.
 *
 * @param map every figure, by its key in the JSON file
 * @param firstChallenge the first-request-to-401 latencies of the measured calls
 * @param fullBootstrap the full-bootstrap latencies of the measured calls
 * @param zn the Zn BIR-to-BIA latencies of the measured queries
 */
record RunFigures(
    Map<String, Object> map, Histogram firstChallenge, Histogram fullBootstrap, Histogram zn) {

  /**
   * What the figures read of the run's setup.
   *
   * @param ua the Ua load, or null
   * @param nbsp the Nbsp load, or null
   * @param sites the per-site accounts of a run over several sites, or null
   * @param connections the Ub connections
   */
  record Loads(
      UaLoad ua, NbspLoad nbsp, SiteAccounts sites, List<? extends UbTransport> connections) {}

  /**
   * The figures of a run whose calls are over: takes the measured latencies out of {@code measures}
   * (once: their recorders start again), and with {@code --live-heap} has {@code sampler} force a
   * full GC in the BSF.
   *
   * @param cpu the cumulative CPU at the measured window's edges
   * @param skipped the starts the schedule skipped
   * @param drained whether every call finished
   */
  static RunFigures assemble(
      RunCommand run,
      RunMeasures measures,
      Loads loads,
      Sampler sampler,
      MeasuredWindow.Edges cpu,
      long skipped,
      boolean drained)
      throws InterruptedException {
    Histogram fcTotal = measures.measuredFirst.getIntervalHistogram();
    Histogram fullTotal = measures.measuredFull.getIntervalHistogram();
    Histogram znTotal = measures.measuredZn.getIntervalHistogram();
    double seconds = run.duration.toNanos() / 1e9;
    Map<String, Object> figures = parameters(run);
    measures.figures(figures, seconds, cpu.atMeasureStart(), cpu.atEnd());
    if (run.liveHeap) {
      figures.put("bsfLiveHeapAfterFullGcMb", sampler.liveHeapAfterFullGc(run.bsfPid));
    }
    measures.latencies(figures, fcTotal, fullTotal, znTotal);
    if (loads.ua() != null) {
      loads.ua().figures(figures, seconds);
    }
    if (loads.nbsp() != null) {
      loads.nbsp().figures(figures, seconds);
    }
    figures.put("outcomes", measures.outcomeCounts());
    figures.put("errors", measures.errorCounts());
    figures.put("generatorSkips", skipped);
    figures.put("allCallsFinished", drained);
    long movedToOtherBsf =
        loads.connections().stream()
            .mapToLong(c -> c instanceof SiteConnection s ? s.moves() : 0)
            .sum();
    figures.put("movedToOtherBsf", movedToOtherBsf);
    if (loads.sites() != null) {
      figures.putAll(loads.sites().figures(seconds, !run.siteDiameter.isEmpty()));
    }
    return new RunFigures(figures, fcTotal, fullTotal, znTotal);
  }

  /** The run's parameters, the first figures of its report. */
  private static Map<String, Object> parameters(RunCommand run) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("label", run.label);
    f.put("targetRate", run.rate);
    f.put("rampSeconds", run.ramp.toSeconds());
    f.put("measurementSeconds", run.duration.toNanos() / 1e9);
    f.put("subscribers", run.subscribers);
    f.put("connections", run.connections);
    f.put("rebootstrapShare", run.rebootstrapShare);
    f.put("resyncShare", run.resyncShare);
    f.put("wrongResponseShare", run.wrongShare);
    f.put("znPerBootstrap", run.znPerBootstrap);
    return f;
  }
}
