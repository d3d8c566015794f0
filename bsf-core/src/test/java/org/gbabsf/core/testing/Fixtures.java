package org.gbabsf.core.testing;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.GbaType;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;

/** Builders of domain values with random RANDs, shared by core tests and store contract tests. */
public final class Fixtures {

  private Fixtures() {}

  /** 16 random octets. */
  public static Rand randomRand() {
    byte[] r = new byte[16];
    ThreadLocalRandom.current().nextBytes(r);
    return Rand.of(r);
  }

  /** Random octets. */
  public static byte[] random(int n) {
    byte[] r = new byte[n];
    ThreadLocalRandom.current().nextBytes(r);
    return r;
  }

  /** A vector with random contents. */
  public static AuthenticationVector vector(Rand rand) {
    return new AuthenticationVector(rand, random(16), random(8), random(16), random(16));
  }

  /** A GUSS with {@code ussCount} settings, each with a few identities. */
  public static Guss guss(int ussCount, Duration lifetime) {
    StringBuilder xml = new StringBuilder("<guss xmlns=\"uri:3gpp-gba\"><ussList>");
    List<UserSecuritySetting> uss = new java.util.ArrayList<>();
    for (int i = 0; i < ussCount; i++) {
      String uid = "sip:user" + i + "@home1.net";
      xml.append("<uss id=\"").append(i).append("\" type=\"1\" nafGroup=\"g").append(i % 7);
      xml.append("\"><uids><uid>").append(uid).append("</uid></uids></uss>");
      uss.add(
          new UserSecuritySetting(Integer.toString(i), 1, "g" + (i % 7), List.of(uid), List.of(1)));
    }
    xml.append("</ussList></guss>");
    return new Guss(xml.toString(), UiccType.GBA, Optional.of(lifetime), uss);
  }

  /** A pending challenge for {@code impi} issued at {@code at}. */
  public static PendingChallenge challenge(String impi, Instant at) {
    return new PendingChallenge(
        new Impi(impi), vector(randomRand()), guss(1, Duration.ofHours(1)), at);
  }

  /** A session created at {@code at} living {@code lifetime}. */
  public static SecurityAssociation session(String impi, Instant start, Duration lifetime) {
    Instant at = start.truncatedTo(ChronoUnit.SECONDS); // as the use case creates them
    Rand rand = randomRand();
    return new SecurityAssociation(
        BTid.of(rand, "bsf.home1.net"),
        new Impi(impi),
        random(32),
        rand,
        at,
        at.plus(lifetime),
        guss(2, lifetime),
        GbaType.THREE_G);
  }
}
