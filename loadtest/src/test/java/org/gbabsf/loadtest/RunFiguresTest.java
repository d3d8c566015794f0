package org.gbabsf.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.LIST;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The assembly of {@code loadtest run}'s figures, from measures recorded by hand: no socket. */
class RunFiguresTest {

  private static final Sampler.Cumulative CPU_AT_MEASURE_START =
      new Sampler.Cumulative(1_000_000_000L, 1_000_000_000L, -1);
  private static final Sampler.Cumulative CPU_AT_END =
      new Sampler.Cumulative(3_000_000_000L, 1_500_000_000L, -1);

  private static RunCommand options(String... args) {
    RunCommand run = new RunCommand();
    new CommandLine(run).parseArgs(args);
    return run;
  }

  /** Ten measured bootstraps, two of them timed, one outcome and one error. */
  private static RunMeasures measures() {
    RunMeasures m = new RunMeasures();
    m.measuredBootstraps.add(10);
    m.messages.add(40);
    m.measuredFirst.recordValue(2_000_000L);
    m.measuredFull.recordValue(5_000_000L);
    m.measuredFull.recordValue(7_000_000L);
    m.outcome("fresh", true);
    m.error("ub: 500");
    return m;
  }

  private static RunFigures assemble(
      RunCommand run, RunMeasures measures, SiteAccounts sites, Sampler.Cumulative atStart)
      throws InterruptedException {
    return RunFigures.assemble(
        run,
        measures,
        new RunFigures.Loads(null, null, sites, List.of()),
        new Sampler(null, null, List.of()),
        new MeasuredWindow.Edges(atStart, CPU_AT_END),
        3,
        true);
  }

  @Test
  void should_list_every_figure_in_the_report_order_when_one_site_runs_without_ua_or_nbsp()
      throws InterruptedException {
    RunCommand run = options("--rate", "50", "--ramp", "1s", "--duration", "2s", "--label", "t");

    Map<String, Object> f = assemble(run, measures(), null, CPU_AT_MEASURE_START).map();

    assertThat(f.keySet())
        .containsExactly(
            "label",
            "targetRate",
            "rampSeconds",
            "measurementSeconds",
            "subscribers",
            "connections",
            "rebootstrapShare",
            "resyncShare",
            "wrongResponseShare",
            "znPerBootstrap",
            "achievedBootstrapsPerSecond",
            "ubAndZnMessagesPerSecond",
            "znQueriesPerSecond",
            "boxCores",
            "bsfCpuPercent",
            "bsfCpuPerBootstrapMs",
            "firstRequestTo401Ms",
            "fullBootstrapMs",
            "znBirToBiaMs",
            "firstRequestTo503Ms",
            "outcomes",
            "errors",
            "generatorSkips",
            "allCallsFinished",
            "movedToOtherBsf");
    assertThat(f)
        .containsEntry("label", "t")
        .containsEntry("targetRate", 50.0)
        .containsEntry("rampSeconds", 1L)
        .containsEntry("measurementSeconds", 2.0)
        .containsEntry("achievedBootstrapsPerSecond", 5.0)
        .containsEntry("ubAndZnMessagesPerSecond", 20.0)
        .containsEntry("bsfCpuPercent", 25.0)
        .containsEntry("bsfCpuPerBootstrapMs", 50.0)
        .containsEntry("outcomes", Map.of("fresh", 1L))
        .containsEntry("errors", Map.of("ub: 500", 1L))
        .containsEntry("generatorSkips", 3L)
        .containsEntry("allCallsFinished", true)
        .containsEntry("movedToOtherBsf", 0L);
  }

  @Test
  void should_take_the_measured_latencies_out_of_the_measures_when_assembling()
      throws InterruptedException {
    RunMeasures measures = measures();

    RunFigures figures = assemble(options(), measures, null, CPU_AT_MEASURE_START);

    assertThat(figures.fullBootstrap().getTotalCount()).isEqualTo(2);
    assertThat(figures.firstChallenge().getTotalCount()).isEqualTo(1);
    assertThat(figures.zn().getTotalCount()).isZero();
    assertThat(figures.map().get("fullBootstrapMs")).asInstanceOf(MAP).containsEntry("count", 2.0);
    assertThat(measures.measuredFull.getIntervalHistogram().getTotalCount())
        .as("taken once: the recorder starts again")
        .isZero();
  }

  @Test
  void should_leave_the_bsf_cpu_out_when_the_read_at_the_window_start_failed()
      throws InterruptedException {
    Map<String, Object> f =
        assemble(options(), measures(), null, new Sampler.Cumulative(1_000_000_000L, -1, -1)).map();

    assertThat(f).doesNotContainKeys("bsfCpuPercent", "bsfCpuPerBootstrapMs");
  }

  @Test
  void should_end_with_the_per_site_figures_when_the_run_spans_sites() throws InterruptedException {
    RunCommand run = options("--also-bsf", "http://127.0.0.2:8080/");
    SiteAccounts sites =
        new SiteAccounts(List.of("http://127.0.0.1:8080/", "http://127.0.0.2:8080/"));
    sites.bootstrapped(1, true);

    Map<String, Object> f = assemble(run, measures(), sites, CPU_AT_MEASURE_START).map();

    assertThat(List.copyOf(f.keySet()).subList(f.size() - 2, f.size()))
        .containsExactly("movedToOtherBsf", "sites");
    assertThat(f.get("sites")).asInstanceOf(LIST).hasSize(2);
  }
}
