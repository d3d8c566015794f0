package org.gbabsf.core.seal;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals as the release before row binding did (format 1: associated data without the row digest),
 * for tests of the upgrade: {@link Sealer} no longer writes it. {@code SealerTest} pins it to the
 * bytes of an independent implementation.
 */
public final class FormatOne {

  private FormatOne() {}

  /** {@code plaintext} sealed in format 1 for {@code context} under the ring's active key. */
  public static byte[] seal(KeyRing ring, byte[] plaintext, SealContext context) {
    byte[] saltAndIv = new byte[Sealer.SALT_LENGTH + Sealer.IV_LENGTH];
    new SecureRandom().nextBytes(saltAndIv);
    return seal(ring, plaintext, context, saltAndIv);
  }

  static byte[] seal(KeyRing ring, byte[] plaintext, SealContext context, byte[] saltAndIv) {
    int id = ring.activeId();
    byte[] header = new byte[Sealer.HEADER_LENGTH];
    header[0] = Sealer.LEGACY_VERSION;
    header[1] = (byte) (id >>> 24);
    header[2] = (byte) (id >>> 16);
    header[3] = (byte) (id >>> 8);
    header[4] = (byte) id;
    System.arraycopy(saltAndIv, 0, header, 5, saltAndIv.length);
    byte[] valueKey =
        Hkdf.derive(
            Arrays.copyOf(saltAndIv, Sealer.SALT_LENGTH),
            ring.key(id).orElseThrow(),
            "gba-bsf seal v1 aes-256-gcm value key"
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII),
            KeyRing.KEY_LENGTH);
    try {
      Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
      gcm.init(
          Cipher.ENCRYPT_MODE,
          new SecretKeySpec(valueKey, "AES"),
          new GCMParameterSpec(
              Sealer.TAG_LENGTH * 8, saltAndIv, Sealer.SALT_LENGTH, Sealer.IV_LENGTH));
      gcm.updateAAD(context.legacyAssociatedData(header));
      byte[] body = gcm.doFinal(plaintext);
      byte[] out = Arrays.copyOf(header, header.length + body.length);
      System.arraycopy(body, 0, out, header.length, body.length);
      return out;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
