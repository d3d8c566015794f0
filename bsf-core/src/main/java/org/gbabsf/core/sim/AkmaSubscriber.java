package org.gbabsf.core.sim;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.crypto.AkmaKdf;
import org.gbabsf.core.crypto.Hex;

/**
 * A UE after a simulated primary authentication (TS 33.501 §6.1), for the AUSF simulator, the AF
 * client, the demo and the load generator: its SUPI and the K_AUSF it shares with the AUSF, from
 * which both sides derive K_AKMA and the A-TID (TS 33.535 Annex A.2, A.3), and the UE derives K_AF
 * (A.4) as the AAnF does.
 *
 * <p>K_AUSF = SHA-256("k-ausf" ‖ SUPI ‖ epoch): a made-up key, so that every process of a test (the
 * AUSF simulator, the UE, the AF checking its key) derives the same one without sharing state; a
 * new {@code epoch} stands for a new primary authentication. The A-KID is written {@code
 * <rid>.<A-TID in hex>@akma.mnc<MNC>.mcc<MCC>.3gppnetwork.org}: its layout in TS 23.003 is not
 * verified (docs/akma.md), and the AAnF treats it as an opaque key.
 *
 * @param supi the SUPI, an IMSI
 * @param kAusf K_AUSF, 32 octets (key material)
 * @param routingIndicator the routing indicator (1 to 4 digits)
 * @param realm the A-KID's realm
 */
public record AkmaSubscriber(Supi supi, byte[] kAusf, String routingIndicator, String realm) {

  /** Copies the key. */
  public AkmaSubscriber {
    kAusf = kAusf.clone();
  }

  /**
   * Subscriber {@code n} of home network {@code mcc}/{@code mnc} after primary authentication
   * number {@code epoch}: IMSI = MCC ‖ MNC ‖ n on ten digits.
   */
  public static AkmaSubscriber of(String mcc, String mnc, long n, long epoch) {
    Supi supi = new Supi("imsi-" + mcc + mnc + String.format(Locale.ROOT, "%010d", n));
    String padded = mnc.length() == 2 ? "0" + mnc : mnc;
    return new AkmaSubscriber(
        supi,
        sha256("k-ausf" + supi.value() + epoch),
        "0",
        "akma.mnc" + padded + ".mcc" + mcc + ".3gppnetwork.org");
  }

  /** A copy of K_AUSF. */
  @Override
  public byte[] kAusf() {
    return kAusf.clone();
  }

  /** K_AKMA, as the AUSF and the UE derive it. */
  public byte[] kAkma() {
    return AkmaKdf.kAkma(kAusf, supi.value());
  }

  /** The A-KID: the routing indicator and the A-TID at the home network's AKMA realm. */
  public AKid aKid() {
    return new AKid(
        routingIndicator + "." + Hex.encode(AkmaKdf.aTid(kAusf, supi.value())) + "@" + realm);
  }

  /**
   * K_AF for the AF at {@code fqdn} over the Ua* protocol {@code uaProtocolId}, as the UE derives
   * it.
   */
  public byte[] kAf(String fqdn, byte[] uaProtocolId) {
    return AkmaKdf.kAf(kAkma(), AkmaKdf.afId(fqdn, uaProtocolId));
  }

  /** Without K_AUSF. */
  @Override
  public String toString() {
    return "AkmaSubscriber[" + supi + "]";
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}
