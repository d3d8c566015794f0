package org.gbabsf.core.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The generic key derivation function of TS 33.220 Annex B.2 and the NAF-specific key derivation of
 * TS 33.220 Annex B.3.
 *
 * <p>Thread-safe; each thread reuses its own HMAC-SHA-256 {@link Mac} instance.
 */
public final class GbaKdf {

  /** P0 of TS 33.220 Annex B.3 for Ks_(ext)_NAF (GBA_ME). */
  public static final String GBA_ME = "gba-me";

  /** P0 of TS 33.220 Annex B.3 for Ks_int_NAF (GBA_U). */
  public static final String GBA_U = "gba-u";

  /** TS 33.220 Annex B.3: FC for the NAF-specific key derivation. */
  private static final int FC_KS_NAF = 0x01;

  /** TS 33.220 Annex H: Ua security protocol identifiers are five octets. */
  private static final int UA_PROTOCOL_ID_LENGTH = 5;

  /** TS 33.220 §4.5.2: Ks = CK ‖ IK, 256 bits. */
  private static final int KS_LENGTH = 32;

  /** TS 33.102 §6.3.2: RAND is 128 bits. */
  private static final int RAND_LENGTH = 16;

  private static final int MAX_PARAM_LENGTH = 0xFFFF;
  private static final String HMAC_SHA256 = "HmacSHA256";

  private static final ThreadLocal<Mac> MAC =
      ThreadLocal.withInitial(() -> Jca.unchecked(() -> Mac.getInstance(HMAC_SHA256)));

  private GbaKdf() {}

  /**
   * The generic KDF of TS 33.220 Annex B.2: derived key = HMAC-SHA-256(Key, S) with S = FC ‖ P0 ‖
   * L0 ‖ P1 ‖ L1 ‖ … where each Li is the length of Pi in octets as two big-endian octets (Annex
   * B.2.1).
   *
   * @param key the HMAC key
   * @param fc the function code, one octet (0x00..0xFF)
   * @param params P0, P1, … each at most 65535 octets
   * @return the 32-byte derived key
   * @throws IllegalArgumentException if {@code fc} is not one octet, a parameter is longer than
   *     65535 octets, or the key is empty
   */
  public static byte[] kdf(byte[] key, int fc, byte[]... params) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(params, "params");
    if (fc < 0 || fc > 0xFF) {
      throw new IllegalArgumentException("FC must be one octet");
    }
    int length = 1;
    for (byte[] p : params) {
      Objects.requireNonNull(p, "KDF parameter");
      if (p.length > MAX_PARAM_LENGTH) {
        throw new IllegalArgumentException("KDF parameter longer than 65535 octets");
      }
      length += p.length + 2;
    }
    byte[] s = new byte[length];
    s[0] = (byte) fc;
    int pos = 1;
    for (byte[] p : params) {
      System.arraycopy(p, 0, s, pos, p.length);
      pos += p.length;
      s[pos++] = (byte) (p.length >>> 8);
      s[pos++] = (byte) p.length;
    }
    SecretKeySpec spec = new SecretKeySpec(key, HMAC_SHA256);
    Mac mac = MAC.get();
    return Jca.unchecked(
        () -> {
          mac.init(spec);
          return mac.doFinal(s);
        });
  }

  /**
   * NAF-specific key derivation of TS 33.220 Annex B.3: Ks_NAF = KDF(Ks, "gba-me", RAND, IMPI,
   * NAF_Id) for GBA_ME, or Ks_int_NAF = KDF(Ks, "gba-u", RAND, IMPI, NAF_Id) for GBA_U, with FC =
   * 0x01 and the strings encoded as UTF-8.
   *
   * @param ks the 32-byte Ks = CK ‖ IK (TS 33.220 §4.5.2)
   * @param p0 {@link #GBA_ME} or {@link #GBA_U}
   * @param rand the 16-byte RAND of the bootstrapping run
   * @param impi the IMPI
   * @param nafId the NAF_Id, see {@link #nafId(String, byte[])}
   * @return the 32-byte NAF-specific key
   * @throws IllegalArgumentException if Ks is not 32 bytes or RAND is not 16 bytes
   */
  public static byte[] ksNaf(byte[] ks, String p0, byte[] rand, String impi, byte[] nafId) {
    Objects.requireNonNull(ks, "ks");
    Objects.requireNonNull(rand, "rand");
    if (ks.length != KS_LENGTH) {
      throw new IllegalArgumentException("Ks must be 32 bytes");
    }
    if (rand.length != RAND_LENGTH) {
      throw new IllegalArgumentException("RAND must be 16 bytes");
    }
    return kdf(
        ks,
        FC_KS_NAF,
        p0.getBytes(StandardCharsets.UTF_8),
        rand,
        impi.getBytes(StandardCharsets.UTF_8),
        nafId);
  }

  /**
   * TS 33.220 Annex H.3: the "Ua security protocol identifier" of TMPI generation, 01 00 00 01 00.
   * Annex H.3 NOTE 2: not strictly a Ua protocol identifier, but used in the KDF exactly as one.
   */
  public static final byte[] TMPI_PROTOCOL_ID = {0x01, 0x00, 0x00, 0x01, 0x00};

  /** TS 33.220 Annex B.4: the TMPI is made of the 24 most significant octets of the KDF output. */
  public static final int TMPI_OCTETS = 24;

  /**
   * The TMPI derivation of TS 33.220 Annex B.4: KDF(Ks, FC 0x01, "gba-me", RAND, IMPI, BSF_Id) with
   * BSF_Id = the BSF's full DNS name as used for B-TIDs ‖ 01 00 00 01 00 (Annex H.3). For GBA_U too
   * the Ks_ext_NAF procedure is followed (Annex B.4), so this is the GBA_ME formula of B.3 with the
   * BSF as the "NAF"; the result is truncated to its 24 most significant octets.
   *
   * @param ks the 32-byte Ks = CK ‖ IK of the bootstrapping run that allocates the TMPI
   * @param rand that run's 16-byte RAND
   * @param impi the IMPI the TMPI stands for
   * @param bsfName the BSF's DNS name, the domain of its B-TIDs (TS 33.220 §4.5.2)
   * @return the 24 octets the TMPI's user part encodes
   */
  public static byte[] tmpi(byte[] ks, byte[] rand, String impi, String bsfName) {
    byte[] full = ksNaf(ks, GBA_ME, rand, impi, nafId(bsfName, TMPI_PROTOCOL_ID));
    return java.util.Arrays.copyOf(full, TMPI_OCTETS);
  }

  /**
   * Builds NAF_Id = FQDN of the NAF ‖ Ua security protocol identifier (TS 33.220 Annex B.3; the
   * identifiers are listed in TS 33.220 Annex H).
   *
   * @param fqdn the NAF's FQDN, encoded as UTF-8
   * @param uaSecurityProtocolId the five-octet Ua security protocol identifier
   * @return the NAF_Id octets
   * @throws IllegalArgumentException if the protocol identifier is not 5 bytes
   */
  public static byte[] nafId(String fqdn, byte[] uaSecurityProtocolId) {
    if (uaSecurityProtocolId == null || uaSecurityProtocolId.length != UA_PROTOCOL_ID_LENGTH) {
      throw new IllegalArgumentException("Ua security protocol identifier must be 5 bytes");
    }
    byte[] name = fqdn.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[name.length + UA_PROTOCOL_ID_LENGTH];
    System.arraycopy(name, 0, out, 0, name.length);
    System.arraycopy(uaSecurityProtocolId, 0, out, name.length, UA_PROTOCOL_ID_LENGTH);
    return out;
  }
}
