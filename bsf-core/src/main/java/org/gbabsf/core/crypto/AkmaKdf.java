package org.gbabsf.core.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The AKMA key derivations of TS 33.535 Annex A, on the generic KDF of TS 33.220 Annex B.2 ({@link
 * GbaKdf#kdf}): K_AKMA and the A-TID from K_AUSF (the UE and the AUSF derive them; the AAnF
 * receives them), and K_AF from K_AKMA (the AAnF and the UE derive it for an AF).
 *
 * <p>Thread-safe, as {@link GbaKdf}.
 */
public final class AkmaKdf {

  /** TS 33.535 Annex A.2: FC for K_AKMA. */
  static final int FC_K_AKMA = 0x80;

  /** TS 33.535 Annex A.3: FC for the A-TID. */
  static final int FC_A_TID = 0x81;

  /** TS 33.535 Annex A.4: FC for K_AF. */
  static final int FC_K_AF = 0x82;

  /** TS 33.501 Annex A.2: K_AUSF is 256 bits. */
  private static final int K_AUSF_LENGTH = 32;

  /** TS 33.535 Annex A.2: K_AKMA is 256 bits. */
  private static final int K_AKMA_LENGTH = 32;

  private static final String IMSI_PREFIX = "imsi-";

  private AkmaKdf() {}

  /**
   * K_AKMA = KDF(K_AUSF, FC 0x80, P0 = "AKMA", P1 = SUPI) (TS 33.535 Annex A.2).
   *
   * @param kAusf the 32-byte K_AUSF of the UE's primary authentication
   * @param supi the SUPI as the SBI writes it ({@code imsi-001010000000001}) or its IMSI digits; P1
   *     is the digits ({@link #supiParameter})
   * @throws IllegalArgumentException if K_AUSF is not 32 bytes or the SUPI is not an IMSI
   */
  public static byte[] kAkma(byte[] kAusf, String supi) {
    return fromKausf(kAusf, FC_K_AKMA, "AKMA", supi);
  }

  /**
   * A-TID = KDF(K_AUSF, FC 0x81, P0 = "A-TID", P1 = SUPI) (TS 33.535 Annex A.3): the username part
   * of the A-KID. How it is written into the A-KID's NAI is not used here; the BSF treats the A-KID
   * as an opaque key.
   *
   * @param kAusf the 32-byte K_AUSF
   * @param supi as for {@link #kAkma}
   */
  public static byte[] aTid(byte[] kAusf, String supi) {
    return fromKausf(kAusf, FC_A_TID, "A-TID", supi);
  }

  /**
   * K_AF = KDF(K_AKMA, FC 0x82, P0 = AF_ID) (TS 33.535 Annex A.4).
   *
   * @param kAkma the 32-byte K_AKMA
   * @param afId AF_ID = the AF's FQDN ‖ the Ua* security protocol identifier ({@link #afId})
   * @throws IllegalArgumentException if K_AKMA is not 32 bytes
   */
  public static byte[] kAf(byte[] kAkma, byte[] afId) {
    Objects.requireNonNull(kAkma, "kAkma");
    Objects.requireNonNull(afId, "afId");
    if (kAkma.length != K_AKMA_LENGTH) {
      throw new IllegalArgumentException("K_AKMA must be 32 bytes");
    }
    return GbaKdf.kdf(kAkma, FC_K_AF, afId);
  }

  /**
   * AF_ID = the AF's FQDN ‖ the five-octet Ua* security protocol identifier (TS 33.535 Annex A.4,
   * with the identifiers of TS 33.220 Annex H): the same shape as GBA's NAF_Id.
   */
  public static byte[] afId(String fqdn, byte[] uaStarProtocolId) {
    return GbaKdf.nafId(fqdn, uaStarProtocolId);
  }

  /**
   * P1 of K_AKMA and the A-TID: the SUPI as TS 33.501 Annex A.7.0 encodes it, for an IMSI its
   * digits without the {@code imsi-} of the SBI's SUPI format (TS 29.571). A SUPI of another type
   * (an NAI) is refused: its encoding as a KDF parameter is not verified yet.
   *
   * @throws IllegalArgumentException if {@code supi} is not an IMSI of 5 to 15 digits
   */
  public static String supiParameter(String supi) {
    Objects.requireNonNull(supi, "supi");
    String digits = supi.startsWith(IMSI_PREFIX) ? supi.substring(IMSI_PREFIX.length()) : supi;
    if (digits.length() < 5 || digits.length() > 15 || !digits.chars().allMatch(AkmaKdf::digit)) {
      throw new IllegalArgumentException("SUPI must be an IMSI of 5 to 15 digits");
    }
    return digits;
  }

  private static boolean digit(int c) {
    return c >= '0' && c <= '9';
  }

  private static byte[] fromKausf(byte[] kAusf, int fc, String p0, String supi) {
    Objects.requireNonNull(kAusf, "kAusf");
    if (kAusf.length != K_AUSF_LENGTH) {
      throw new IllegalArgumentException("K_AUSF must be 32 bytes");
    }
    return GbaKdf.kdf(
        kAusf,
        fc,
        p0.getBytes(StandardCharsets.US_ASCII),
        supiParameter(supi).getBytes(StandardCharsets.US_ASCII));
  }
}
