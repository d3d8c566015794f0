package org.gbabsf.core.seal;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals key material for a shared store with AES-256-GCM (NIST SP 800-38D), and opens it again.
 *
 * <p>A sealed value is {@code 0x02 ‖ key id (4 octets, big-endian) ‖ salt (16) ‖ IV (12) ‖
 * ciphertext ‖ tag (16)}: 49 octets more than the plaintext. Each value is encrypted under its own
 * key, HKDF-SHA-256 (RFC 5869) of the data key with the value's random salt, so no (key, IV) pair
 * is ever used twice, however many values a data key seals: with one key and random 96-bit IVs, SP
 * 800-38D §8.3 would cap a data key at 2^32 values, four days at 3,000 bootstraps a second. The
 * associated data (SP 800-38D §5.2.1.1: authenticated, not encrypted) is the header and the value's
 * {@link SealContext}: column, row key, bound fields and the {@link RowDigest} of the row's other
 * columns.
 *
 * <p>Format 1 (first octet {@code 0x01}), written by earlier versions, had the same layout and
 * value keys but associated data without the row digest (label {@code gba-bsf seal v1}, no count,
 * no digest): such a value still opens, as {@link Unsealed.Opened#legacy()}, so that sessions
 * outlive an upgrade; the caller decides whether to serve it. Nothing is sealed in format 1 any
 * more, and a format 2 value with its first octet set to 1 does not open (the header is associated
 * data too).
 *
 * <p>With sealing off ({@link #off()}), values are stored as they are. Keys in clear are at most 32
 * octets (Ks; CK, IK and XRES are at most 16, TS 33.102 §6.3.7), sealed values at least 49, so
 * neither mode can take one for the other: a clear value is {@link Unsealed.Reason#NOT_SEALED} with
 * sealing on, a sealed one {@link Unsealed.Reason#NO_KEY_RING} with sealing off.
 *
 * <p>Thread-safe. The key ring is read on every call, so a reloaded ring takes effect at once.
 */
public final class Sealer {

  /** The format version written, the first octet. */
  static final byte VERSION = 0x02;

  /** The format version of earlier releases, still opened. */
  static final byte LEGACY_VERSION = 0x01;

  /** Prefix of the associated data. */
  static final byte[] LABEL = "gba-bsf seal v2".getBytes(StandardCharsets.US_ASCII);

  /** Prefix of the associated data of format 1. */
  static final byte[] LEGACY_LABEL = "gba-bsf seal v1".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] INFO =
      "gba-bsf seal v1 aes-256-gcm value key".getBytes(StandardCharsets.US_ASCII);

  static final int SALT_LENGTH = 16;
  static final int IV_LENGTH = 12;
  static final int TAG_LENGTH = 16;
  static final int HEADER_LENGTH = 1 + 4 + SALT_LENGTH + IV_LENGTH;

  /** Octets a sealed value has beyond its plaintext. */
  public static final int OVERHEAD = HEADER_LENGTH + TAG_LENGTH;

  private static final ThreadLocal<Cipher> GCM =
      ThreadLocal.withInitial(
          () -> {
            try {
              return Cipher.getInstance("AES/GCM/NoPadding");
            } catch (GeneralSecurityException e) {
              // AES/GCM/NoPadding is required of every Java SE implementation.
              throw new IllegalStateException("JCA provider failure", e);
            }
          });

  private static final ThreadLocal<SecureRandom> RANDOM =
      ThreadLocal.withInitial(SecureRandom::new);

  private final Supplier<KeyRing> ring;
  private final Consumer<byte[]> random;

  private Sealer(Supplier<KeyRing> ring, Consumer<byte[]> random) {
    this.ring = ring;
    this.random = random;
  }

  /** A sealer under {@code ring}, read on every call (it may be reloaded). */
  public static Sealer with(Supplier<KeyRing> ring) {
    java.util.Objects.requireNonNull(ring, "ring");
    return new Sealer(ring, bytes -> RANDOM.get().nextBytes(bytes));
  }

  /** A sealer under a fixed ring. */
  public static Sealer with(KeyRing ring) {
    java.util.Objects.requireNonNull(ring, "ring");
    return with(() -> ring);
  }

  /** For known-answer tests: salt and IV come from {@code random}. */
  static Sealer withRandom(KeyRing ring, Consumer<byte[]> random) {
    return new Sealer(() -> ring, random);
  }

  /** No sealing: values are stored in clear (store.seal.enabled=false). */
  public static Sealer off() {
    return new Sealer(null, null);
  }

  /** True if values are sealed. */
  public boolean isOn() {
    return ring != null;
  }

  /** The ring in use, if sealing is on. */
  public Optional<KeyRing> keyRing() {
    return ring == null ? Optional.empty() : Optional.of(ring.get());
  }

  /** {@code plaintext} sealed for {@code context} under the active key; a copy when off. */
  public byte[] seal(byte[] plaintext, SealContext context) {
    if (ring == null) {
      return plaintext.clone();
    }
    KeyRing keys = ring.get();
    int id = keys.activeId();
    byte[] out = new byte[OVERHEAD + plaintext.length];
    out[0] = VERSION;
    out[1] = (byte) (id >>> 24);
    out[2] = (byte) (id >>> 16);
    out[3] = (byte) (id >>> 8);
    out[4] = (byte) id;
    byte[] saltAndIv = new byte[SALT_LENGTH + IV_LENGTH];
    random.accept(saltAndIv);
    System.arraycopy(saltAndIv, 0, out, 5, saltAndIv.length);
    byte[] header = Arrays.copyOf(out, HEADER_LENGTH);
    byte[] valueKey =
        Hkdf.derive(
            Arrays.copyOfRange(saltAndIv, 0, SALT_LENGTH),
            keys.key(id).orElseThrow(),
            INFO,
            KeyRing.KEY_LENGTH);
    Cipher gcm = GCM.get();
    try {
      gcm.init(
          Cipher.ENCRYPT_MODE,
          new SecretKeySpec(valueKey, "AES"),
          new GCMParameterSpec(TAG_LENGTH * 8, saltAndIv, SALT_LENGTH, IV_LENGTH));
      gcm.updateAAD(context.associatedData(header));
      gcm.doFinal(plaintext, 0, plaintext.length, out, HEADER_LENGTH);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("JCA provider failure", e);
    } finally {
      Arrays.fill(valueKey, (byte) 0);
    }
    return out;
  }

  /** Opens {@code stored}, sealed for {@code context}; never throws for bad input. */
  public Unsealed open(byte[] stored, SealContext context) {
    boolean known = stored.length > 0 && (stored[0] == VERSION || stored[0] == LEGACY_VERSION);
    boolean looksSealed = stored.length >= OVERHEAD && known;
    if (ring == null) {
      return looksSealed
          ? new Unsealed.Refused(Unsealed.Reason.NO_KEY_RING, keyId(stored))
          : new Unsealed.Opened(stored.clone());
    }
    if (stored.length < OVERHEAD) {
      return new Unsealed.Refused(Unsealed.Reason.NOT_SEALED, 0);
    }
    if (!known) {
      return new Unsealed.Refused(Unsealed.Reason.MALFORMED, 0);
    }
    boolean legacy = stored[0] == LEGACY_VERSION;
    int id = keyId(stored);
    Optional<byte[]> dataKey = ring.get().key(id);
    if (dataKey.isEmpty()) {
      return new Unsealed.Refused(Unsealed.Reason.UNKNOWN_KEY, id);
    }
    byte[] valueKey =
        Hkdf.derive(
            Arrays.copyOfRange(stored, 5, 5 + SALT_LENGTH),
            dataKey.get(),
            INFO,
            KeyRing.KEY_LENGTH);
    Cipher gcm = GCM.get();
    try {
      gcm.init(
          Cipher.DECRYPT_MODE,
          new SecretKeySpec(valueKey, "AES"),
          new GCMParameterSpec(TAG_LENGTH * 8, stored, 5 + SALT_LENGTH, IV_LENGTH));
      byte[] header = Arrays.copyOf(stored, HEADER_LENGTH);
      gcm.updateAAD(legacy ? context.legacyAssociatedData(header) : context.associatedData(header));
      return new Unsealed.Opened(
          gcm.doFinal(stored, HEADER_LENGTH, stored.length - HEADER_LENGTH), legacy);
    } catch (AEADBadTagException e) {
      return new Unsealed.Refused(Unsealed.Reason.TAMPERED, id);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("JCA provider failure", e);
    } finally {
      Arrays.fill(valueKey, (byte) 0);
    }
  }

  private static int keyId(byte[] stored) {
    return ((stored[1] & 0xff) << 24)
        | ((stored[2] & 0xff) << 16)
        | ((stored[3] & 0xff) << 8)
        | (stored[4] & 0xff);
  }

  @Override
  public String toString() {
    return ring == null ? "Sealer[off]" : "Sealer[" + ring.get() + "]";
  }
}
