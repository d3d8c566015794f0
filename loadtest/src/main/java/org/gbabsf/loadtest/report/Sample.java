package org.gbabsf.loadtest.report;

/**
 * One second of a run. Latencies in milliseconds; NaN where nothing was measured (no completion in
 * that second, or no metrics endpoint).
 *
 * @param t seconds since the start of the ramp (end of this one-second interval)
 * @param measuring true if the interval is in the measurement period
 * @param offeredRate bootstraps per second scheduled
 * @param bootstraps bootstraps completed in the interval
 * @param errors unexpected failures in the interval
 * @param p50 first request → 401, median
 * @param p90 first request → 401, 90th percentile
 * @param p99 first request → 401, 99th percentile
 * @param fullP99 whole bootstrap, 99th percentile
 * @param znQueries Zn BIR → BIA completed
 * @param znP99 Zn BIR → BIA, 99th percentile
 * @param bsfCpuPercent the BSF process's CPU, 100 % = one core
 * @param boxCpuPercent the whole machine's CPU, 100 % = one core
 * @param heapMb BSF heap used
 * @param liveMb BSF live data after the last GC, as the JVM reports it
 * @param uaRequests Ua requests through the NAF proxy completed (0 without a Ua share)
 * @param uaP99 Ua request, 99th percentile
 * @param nbspRequests Nbsp_GBA requests completed (0 without an Nbsp share)
 * @param nbspP99 Nbsp_GBA request, 99th percentile
 */
public record Sample(
    double t,
    boolean measuring,
    double offeredRate,
    long bootstraps,
    long errors,
    double p50,
    double p90,
    double p99,
    double fullP99,
    long znQueries,
    double znP99,
    double bsfCpuPercent,
    double boxCpuPercent,
    double heapMb,
    double liveMb,
    long uaRequests,
    double uaP99,
    long nbspRequests,
    double nbspP99) {}
