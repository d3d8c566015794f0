package org.gbabsf.core.sim;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.gbabsf.core.crypto.Milenage;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.port.HssClient;

/**
 * An in-process HSS/AuC behind {@link HssClient}: Milenage (TS 35.206) over a {@link
 * SubscriberDirectory}, one SQN per subscriber, and AUTS verification on resynchronisation (TS
 * 33.102 §6.3.5). It serves the demo and tests; an optional delay injects a slow HSS.
 *
 * <p>SQN is SEQ ‖ IND with a 5-bit IND (TS 33.102 Annex C.1.1); each vector advances SEQ by one,
 * i.e. SQN by 32.
 */
public final class SimulatedHss implements HssClient {

  /** SQN step per vector: SEQ + 1 with a 5-bit IND. */
  public static final long SQN_STEP = 32;

  private static final long SQN_MASK = 0xFFFF_FFFF_FFFFL;

  private static final class State {
    final Milenage milenage;
    final byte[] amf;
    final AtomicLong sqn;

    State(Subscriber s) {
      this.milenage = new Milenage(s.k(), s.opc());
      this.amf = s.amf();
      this.sqn = new AtomicLong(s.sqn());
    }
  }

  private final SubscriberDirectory directory;
  private final SimulatedGuss guss;
  private final Duration delay;
  private final Executor delayed;
  private final ConcurrentHashMap<Impi, State> states = new ConcurrentHashMap<>();
  private final SecureRandom random = new SecureRandom();

  /** An HSS answering after {@code delay} (zero for at once). */
  public SimulatedHss(SubscriberDirectory directory, SimulatedGuss guss, Duration delay) {
    this.directory = directory;
    this.guss = guss;
    this.delay = delay;
    this.delayed =
        delay.isZero()
            ? Runnable::run
            : CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS);
  }

  @Override
  public CompletionStage<HssAnswer> fetchVector(Impi impi) {
    Optional<State> state = state(impi);
    if (state.isEmpty()) {
      return answer(new HssAnswer.UserUnknown());
    }
    return answer(vector(impi, state.get()));
  }

  @Override
  public CompletionStage<HssAnswer> resynchronise(Impi impi, Rand rand, byte[] auts) {
    Optional<State> state = state(impi);
    if (state.isEmpty()) {
      return answer(new HssAnswer.UserUnknown());
    }
    State s = state.get();
    var sqnMs = s.milenage.verifyAuts(rand.octets(), auts);
    if (sqnMs.isEmpty()) {
      return answer(new HssAnswer.Refused("AUTS does not verify"));
    }
    // TS 33.102 §6.3.5: the AuC resets SQN_HE to SQN_MS; the next vector is fresh to the USIM.
    s.sqn.set(sqnMs.getAsLong());
    return answer(vector(impi, s));
  }

  /** The SQN the HSS would use last, for tests. */
  public Optional<Long> currentSqn(Impi impi) {
    return state(impi).map(s -> s.sqn.get());
  }

  private Optional<State> state(Impi impi) {
    State s = states.get(impi);
    if (s != null) {
      return Optional.of(s);
    }
    return directory.find(impi).map(sub -> states.computeIfAbsent(impi, i -> new State(sub)));
  }

  private HssAnswer vector(Impi impi, State s) {
    byte[] rand = new byte[Rand.LENGTH];
    random.nextBytes(rand);
    long sqn = s.sqn.updateAndGet(v -> (v + SQN_STEP) & SQN_MASK);
    Milenage.Vector v = s.milenage.f2345(rand);
    byte[] autn = s.milenage.autn(rand, Milenage.sqnBytes(sqn), s.amf);
    AuthenticationVector av =
        new AuthenticationVector(Rand.of(rand), autn, v.res(), v.ck(), v.ik());
    return new HssAnswer.Vector(av, guss.forUser(impi));
  }

  private CompletionStage<HssAnswer> answer(HssAnswer answer) {
    if (delay.isZero()) {
      return CompletableFuture.completedFuture(answer);
    }
    return CompletableFuture.supplyAsync(() -> answer, delayed);
  }
}
