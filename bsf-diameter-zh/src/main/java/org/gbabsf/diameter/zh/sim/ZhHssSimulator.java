package org.gbabsf.diameter.zh.sim;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SubscriberDirectory;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.ResultCodes;
import org.gbabsf.diameter.zh.ZhCodec;
import org.gbabsf.diameter.zh.avp.ZhAvps;

/**
 * An HSS speaking Zh over Diameter, for the demo, tests and load tests: Milenage over a subscriber
 * directory ({@link SimulatedHss}), one SQN per subscriber, AUTS verified on resync, GUSS with a
 * configurable lifetime, 5401 for an unknown IMPI, and fault injection (delay, a share of error
 * answers, silence). It accepts any peer that connects.
 */
public final class ZhHssSimulator implements AutoCloseable {

  /**
   * Where the simulator listens and who it is.
   *
   * @param originHost its Origin-Host (the BSF's peer name for it)
   * @param realm its Origin-Realm
   * @param address listen address
   * @param port listen port
   * @param tcpNoDelay TCP_NODELAY on its connections
   */
  public record Settings(
      String originHost, String realm, String address, int port, boolean tcpNoDelay) {}

  /**
   * Faults to inject, changeable while running.
   *
   * @param delay added before every answer
   * @param errorShare share of requests (0..1) answered with {@code errorCode}
   * @param errorCode the Result-Code of those answers, e.g. 3004 (too busy)
   * @param silent when true, no request is answered at all
   */
  public record Faults(Duration delay, double errorShare, long errorCode, boolean silent) {
    /** No fault. */
    public static Faults none() {
      return new Faults(Duration.ZERO, 0, ResultCodes.TOO_BUSY, false);
    }
  }

  private final Settings settings;
  private final SimulatedHss hss;
  private final DiameterNode node;
  private final LongAdder requests = new LongAdder();
  private final LongAdder answered = new LongAdder();
  private final LongAdder gussOmitted = new LongAdder();
  private final java.util.concurrent.ScheduledExecutorService delays =
      java.util.concurrent.Executors.newScheduledThreadPool(
          2, org.gbabsf.netty.Threads.named("hss-sim-delay"));
  private volatile Faults faults = Faults.none();

  private ZhHssSimulator(Settings settings, SubscriberDirectory subscribers, SimulatedGuss guss) {
    this.settings = settings;
    this.hss = new SimulatedHss(subscribers, guss, Duration.ZERO);
    AppId zh = new AppId(BaseAvps.VENDOR_3GPP, ZhAvps.APPLICATION_ID);
    this.node =
        DiameterNode.start(
            new DiameterNodeConfig(
                settings.originHost(),
                settings.realm(),
                settings.address(),
                settings.port(),
                "gba-bsf-hss-simulator",
                List.of(zh),
                List.of(),
                List.of(),
                PeerAdmission.anyPeer(),
                Duration.ofSeconds(30),
                Duration.ofSeconds(5),
                settings.tcpNoDelay()),
            Map.of(
                new DiameterNode.Serves(zh, ZhAvps.MULTIMEDIA_AUTH), (mar, from) -> handle(mar)));
  }

  /** Starts a simulator; blocking. */
  public static ZhHssSimulator start(
      Settings settings, SubscriberDirectory subscribers, SimulatedGuss guss) {
    return new ZhHssSimulator(settings, subscribers, guss);
  }

  /** Replaces the injected faults. */
  public void faults(Faults f) {
    this.faults = f;
  }

  /** MAAs whose GUSS was left out because the MAR's GUSS-Timestamp matched it. */
  public long gussOmitted() {
    return gussOmitted.sum();
  }

  /** MARs received. */
  public long requests() {
    return requests.sum();
  }

  /** MAAs sent. */
  public long answered() {
    return answered.sum();
  }

  /** The settings. */
  public Settings settings() {
    return settings;
  }

  private CompletionStage<DiameterMessage> handle(DiameterMessage mar) {
    requests.increment();
    Faults f = faults;
    if (f.silent()) {
      return new CompletableFuture<>(); // never answered: the BSF times out
    }
    CompletionStage<DiameterMessage> answer = answer(mar, f);
    if (f.delay().isZero()) {
      return answer.thenApply(this::sent);
    }
    // A scheduler of our own: CompletableFuture.delayedExecutor hands every delayed answer to the
    // common pool, one thread on a 2-core box, which then sends them one after the other.
    CompletableFuture<DiameterMessage> later = new CompletableFuture<>();
    answer.whenComplete(
        (maa, error) ->
            delays.schedule(
                () -> {
                  if (error != null) {
                    later.completeExceptionally(error);
                  } else {
                    later.complete(sent(maa));
                  }
                },
                f.delay().toNanos(),
                TimeUnit.NANOSECONDS));
    return later;
  }

  private DiameterMessage sent(DiameterMessage maa) {
    answered.increment();
    return maa;
  }

  private CompletionStage<DiameterMessage> answer(DiameterMessage mar, Faults f) {
    String host = settings.originHost();
    String realm = settings.realm();
    ZhCodec.MarDecoded decoded = ZhCodec.decodeMar(mar);
    if (decoded instanceof ZhCodec.MarDecoded.MissingAvp missing) {
      return done(
          ZhCodec.encodeMaaResult(
              mar, host, realm, ResultCodes.MISSING_AVP, Optional.of(missing.missing())));
    }
    if (f.errorShare() > 0 && ThreadLocalRandom.current().nextDouble() < f.errorShare()) {
      return done(ZhCodec.encodeMaaResult(mar, host, realm, f.errorCode(), Optional.empty()));
    }
    ZhCodec.MarDecoded.Valid v = (ZhCodec.MarDecoded.Valid) decoded;
    CompletionStage<HssAnswer> result;
    if (v.resync().isPresent()) {
      byte[] randAuts = v.resync().get();
      if (randAuts.length != 30) {
        return done(
            ZhCodec.encodeMaaResult(
                mar, host, realm, ResultCodes.AUTHENTICATION_REJECTED, Optional.empty()));
      }
      result =
          hss.resynchronise(
              v.impi(),
              Rand.of(Arrays.copyOfRange(randAuts, 0, 16)),
              Arrays.copyOfRange(randAuts, 16, 30));
    } else {
      result = hss.fetchVector(v.impi());
    }
    return result.thenApply(a -> toMaa(mar, v.gussTimestamp(), a));
  }

  private DiameterMessage toMaa(DiameterMessage mar, Optional<Instant> gussTimestamp, HssAnswer a) {
    String host = settings.originHost();
    String realm = settings.realm();
    if (a instanceof HssAnswer.Vector vector) {
      // The GUSS timestamp option (TS 29.109 §6.3.1.10): a GUSS whose timestamp equals the one
      // the BSF sent (in whole seconds, a Diameter Time) is left out of the answer.
      Optional<Long> held = gussTimestamp.map(Instant::getEpochSecond);
      boolean unchanged =
          held.isPresent() && vector.guss().timestamp().map(Instant::getEpochSecond).equals(held);
      if (unchanged) {
        gussOmitted.increment();
      }
      return ZhCodec.encodeMaaVector(
          mar, host, realm, vector.vector(), unchanged ? "" : vector.guss().rawXml());
    }
    if (a instanceof HssAnswer.UserUnknown) {
      return ZhCodec.encodeMaaExperimental(mar, host, realm, ZhAvps.ERROR_IDENTITY_UNKNOWN);
    }
    if (a instanceof HssAnswer.Refused) {
      return ZhCodec.encodeMaaResult(
          mar, host, realm, ResultCodes.AUTHENTICATION_REJECTED, Optional.empty());
    }
    return ZhCodec.encodeMaaResult(
        mar, host, realm, ResultCodes.UNABLE_TO_COMPLY, Optional.empty());
  }

  private static CompletionStage<DiameterMessage> done(DiameterMessage m) {
    return CompletableFuture.completedFuture(m);
  }

  /** Stops, with a DPR that tells peers to reconnect (cause REBOOTING). */
  @Override
  public void close() {
    node.close();
    delays.shutdownNow();
  }
}
