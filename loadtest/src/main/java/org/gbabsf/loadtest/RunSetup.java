package org.gbabsf.loadtest;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UbTransport;

/**
 * The setup of {@code loadtest run}: its one job is the lifetime of what the run opens before its
 * schedule starts (the Nbsp load, the NAF simulator on Zn, the generator's event loops, the Ua
 * load, the subscriber population and the Ub connections) and of closing them all in {@link
 * #close()}. If one fails to open, those already open are closed before the failure is thrown.
 */
final class RunSetup implements AutoCloseable {

  private final RunCommand run;
  private final RunMeasures measures;
  private final List<UbTransport> connections = new ArrayList<>();
  private NbspLoad nbsp; // null without Nbsp_GBA requests
  private SiteAccounts sites; // null with one site
  private ZnLoad naf; // null without Zn queries
  private EventLoopGroup loops;
  private UaLoad ua; // null without Ua requests
  private String path;
  private Population population;

  private RunSetup(RunCommand run, RunMeasures measures) {
    this.run = run;
    this.measures = measures;
  }

  /**
   * Opens what {@code run}'s options ask for, recording failures into {@code measures}; the NAF
   * simulator tells {@code out} about its connection.
   */
  static RunSetup open(RunCommand run, PrintWriter out, RunMeasures measures) throws IOException {
    RunSetup s = new RunSetup(run, measures);
    try {
      s.nbsp = run.nbspOptions.enabled() ? NbspLoad.start(run.nbspOptions, measures::error) : null;
      List<URI> targets = new ArrayList<>(List.of(run.bsf));
      targets.addAll(run.alsoBsf);
      s.sites =
          targets.size() > 1
              ? new SiteAccounts(targets.stream().map(URI::toString).toList())
              : null;
      s.naf = run.znPerBootstrap > 0 ? s.startNaf(out) : null; // first: it may fail to connect
      s.loops = new MultiThreadIoEventLoopGroup(run.ioThreads, NioIoHandler.newFactory());
      s.ua = run.uaOptions.enabled() ? new UaLoad(run.uaOptions, s.loops, measures::error) : null;
      String rawPath = run.bsf.getRawPath();
      s.path = rawPath == null || rawPath.isEmpty() ? "/" : rawPath;
      s.population =
          new Population(
              new GeneratedSubscriberDirectory(run.subscribers, run.domain),
              run.subscribers,
              s.path,
              run.tmpi);
      s.openConnections(targets);
      return s;
    } catch (IOException | RuntimeException | Error e) {
      try {
        s.close();
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * The open-loop schedule of {@code --rate} calls a second after {@code --ramp}, over the
   * connections and the population.
   */
  OpenLoop schedule() {
    return new OpenLoop(
        run.rate, run.ramp.toNanos(), connections, population, run.rebootstrapShare, measures);
  }

  /** The Ua load, or null without it. */
  UaLoad ua() {
    return ua;
  }

  /** The Nbsp load, or null without it. */
  NbspLoad nbsp() {
    return nbsp;
  }

  /** The per-site accounts of a run over several sites, or null with one. */
  SiteAccounts sites() {
    return sites;
  }

  /** The call mix over what was opened, recording into the run's measures. */
  CallMix mix() {
    return new CallMix(
        measures,
        sites,
        run.realm,
        path,
        run.resyncShare,
        run.wrongShare,
        naf,
        run.znPerBootstrap,
        ua,
        nbsp);
  }

  /** What the figures read of the setup. */
  RunFigures.Loads loads() {
    return new RunFigures.Loads(ua, nbsp, sites, connections);
  }

  /** Closes the connections, the NAF simulator, the Ua and Nbsp loads, then the event loops. */
  @Override
  public void close() {
    for (UbTransport c : connections) {
      c.close();
    }
    if (naf != null) {
      naf.close();
    }
    if (ua != null) {
      ua.close();
    }
    if (nbsp != null) {
      nbsp.close();
    }
    if (loops != null) {
      loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  private ZnLoad startNaf(PrintWriter out) {
    List<ZnLoad.Target> targets = new ArrayList<>();
    if (run.siteDiameter.isEmpty()) {
      targets.add(ZnLoad.Target.parse(run.bsfDiameter, run.bsfHost));
    } else {
      for (String d : run.siteDiameter) {
        targets.add(ZnLoad.Target.parse(d, run.bsfHost));
      }
    }
    ZnLoad.Sink sink =
        new ZnLoad.Sink() {
          @Override
          public void answered(long nanos, boolean measured) {
            measures.zn.recordValue(nanos);
            if (measured) {
              measures.measuredZn.recordValue(nanos);
              measures.measuredZnQueries.increment();
              measures.messages.add(2);
            }
          }

          @Override
          public void outcome(String kind, boolean measured) {
            measures.outcome(kind, measured);
          }

          @Override
          public void error(String kind) {
            measures.error(kind);
          }
        };
    return ZnLoad.start(
        out, targets, run.nafHost, run.nafRealm, run.nafPort, run.bsfRealm, sink, sites);
  }

  /**
   * The generator's {@code --connections}: to the one BSF, or spread over the sites as a GSLB
   * would, each moving its UEs to the next site when its own fails.
   */
  private void openConnections(List<URI> targets) {
    InetSocketAddress address = UbTls.address(run.bsf);
    for (int i = 0; i < run.connections; i++) {
      if (targets.size() == 1) {
        connections.add(new UbClient(loops, address, run.tls.forUrl(run.bsf)));
        continue;
      }
      int[] order = SiteConnection.order(i, targets.size());
      List<UbClient> instances = new ArrayList<>();
      for (int site : order) {
        URI target = targets.get(site);
        instances.add(new UbClient(loops, UbTls.address(target), run.tls.forUrl(target)));
      }
      connections.add(new SiteConnection(instances, order));
    }
  }
}
