package org.gbabsf.core.sim;

import java.security.MessageDigest;
import java.util.Arrays;
import org.gbabsf.core.crypto.Milenage;

/**
 * The USIM side of UMTS AKA (TS 33.102 §6.3.3) for a {@link Subscriber}: it authenticates the
 * network by AUTN's MAC-A, checks SQN freshness, and returns RES, CK and IK, or AUTS when SQN is
 * not fresh. Freshness is simplified to "SQN greater than the highest accepted" (a one-element
 * array of TS 33.102 Annex C). Thread-safe.
 */
public final class SimulatedUsim {

  /** The USIM's answer to a RAND ‖ AUTN. */
  public sealed interface AkaResult {

    /** Network authenticated; the keys. */
    record Success(byte[] res, byte[] ck, byte[] ik) implements AkaResult {
      @Override
      public String toString() {
        return "Success[keys hidden]";
      }
    }

    /** SQN not fresh: send AUTS to resynchronise. */
    record SyncFailure(byte[] auts) implements AkaResult {}

    /** AUTN's MAC-A is wrong: the network is not authentic. */
    record MacFailure() implements AkaResult {}
  }

  private final Subscriber subscriber;
  private final Milenage milenage;
  private long highestSqn;

  /** A USIM that has accepted nothing beyond the subscriber's initial SQN. */
  public SimulatedUsim(Subscriber subscriber) {
    this.subscriber = subscriber;
    this.milenage = new Milenage(subscriber.k(), subscriber.opc());
    this.highestSqn = subscriber.sqn();
  }

  /** The subscriber this USIM belongs to. */
  public Subscriber subscriber() {
    return subscriber;
  }

  /**
   * Moves the USIM's highest accepted SQN to {@code sqnMs}, so that the HSS's next SQN looks stale
   * and the UE answers with AUTS: how tests and the load generator provoke a resynchronisation.
   */
  public synchronized void desynchronise(long sqnMs) {
    highestSqn = sqnMs;
  }

  /** The highest SQN accepted so far. */
  public synchronized long highestSqn() {
    return highestSqn;
  }

  /** Runs AKA on RAND and AUTN (TS 33.102 §6.3.3). */
  public synchronized AkaResult authenticate(byte[] rand, byte[] autn) {
    if (rand.length != 16 || autn.length != 16) {
      return new AkaResult.MacFailure();
    }
    Milenage.Vector v = milenage.f2345(rand);
    byte[] sqnBytes = new byte[6];
    for (int i = 0; i < 6; i++) {
      sqnBytes[i] = (byte) (autn[i] ^ v.ak()[i]);
    }
    byte[] amf = Arrays.copyOfRange(autn, 6, 8);
    byte[] macA = Arrays.copyOfRange(autn, 8, 16);
    if (!MessageDigest.isEqual(milenage.f1(rand, sqnBytes, amf), macA)) {
      return new AkaResult.MacFailure();
    }
    long sqn = Milenage.sqnValue(sqnBytes);
    if (sqn <= highestSqn) {
      return new AkaResult.SyncFailure(milenage.auts(rand, Milenage.sqnBytes(highestSqn)));
    }
    highestSqn = sqn;
    return new AkaResult.Success(v.res(), v.ck(), v.ik());
  }
}
