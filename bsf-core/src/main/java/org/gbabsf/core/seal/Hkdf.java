package org.gbabsf.core.seal;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF with HMAC-SHA-256 (RFC 5869 §2), for outputs of at most one hash length: the key of each
 * sealed value is derived from the data key and the value's own random salt.
 */
final class Hkdf {

  private static final String HMAC_SHA256 = "HmacSHA256";

  /** SHA-256 output length, the most {@link #derive} returns (RFC 5869 §2.3, N = 1). */
  static final int HASH_LENGTH = 32;

  private static final ThreadLocal<Mac> MAC =
      ThreadLocal.withInitial(
          () -> {
            try {
              return Mac.getInstance(HMAC_SHA256);
            } catch (GeneralSecurityException e) {
              // HmacSHA256 is required of every Java SE implementation: a broken runtime.
              throw new IllegalStateException("JCA provider failure", e);
            }
          });

  private Hkdf() {}

  /**
   * OKM = HKDF-Expand(HKDF-Extract(salt, ikm), info, length): PRK = HMAC(salt, IKM) (§2.2), then
   * T(1) = HMAC(PRK, info ‖ 0x01) (§2.3), truncated to {@code length}.
   *
   * @param salt the salt (non-empty)
   * @param ikm the input keying material
   * @param info the context string
   * @param length 1..32 octets
   */
  static byte[] derive(byte[] salt, byte[] ikm, byte[] info, int length) {
    if (length < 1 || length > HASH_LENGTH) {
      throw new IllegalArgumentException("length must be 1..32");
    }
    Mac mac = MAC.get();
    try {
      mac.init(new SecretKeySpec(salt, HMAC_SHA256));
      byte[] prk = mac.doFinal(ikm);
      mac.init(new SecretKeySpec(prk, HMAC_SHA256));
      Arrays.fill(prk, (byte) 0);
      mac.update(info);
      mac.update((byte) 0x01);
      byte[] t1 = mac.doFinal();
      return length == HASH_LENGTH ? t1 : Arrays.copyOf(t1, length);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("JCA provider failure", e);
    }
  }
}
