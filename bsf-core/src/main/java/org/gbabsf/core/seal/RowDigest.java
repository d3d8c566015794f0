package org.gbabsf.core.seal;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;

/**
 * A SHA-256 (FIPS 180-4) of the columns of a stored row that a sealed value does not hold itself
 * but that decide whom it is for: the GUSS of a session (its XML, UICC type, lifetime, USS list),
 * RAND, the creation time, the GBA type. Bound through {@link SealContext#bind(RowDigest)}, it
 * makes a value refuse to open once any of them is rewritten. The store computes it from the values
 * it writes, and again from the columns it reads: exactly the stored values, so a GUSS is bound in
 * the form it is stored in (the XML text as received, the USS list as its stored JSON).
 *
 * <p>The input is unambiguous: {@code "gba-bsf row v1" ‖ 0x00 ‖ table ‖ 0x00}, then per column
 * {@code name ‖ 0x00 ‖ kind ‖ value}, where kind is 0 for null (no value), 1 for text (4-octet
 * length ‖ UTF-8), 2 for octets (4-octet length ‖ octets), 3 for a 32-bit integer (4 octets) and 4
 * for a time (milliseconds since the epoch, 8 octets, as Cassandra stores it); every number
 * big-endian. One pass over the row's octets (a session's GUSS: typically 0.3 to 2 KB).
 *
 * <p>Not thread-safe: one digest per row, built and finished by one thread.
 */
public final class RowDigest {

  /** SHA-256 output length. */
  public static final int LENGTH = 32;

  private static final byte[] LABEL = "gba-bsf row v1".getBytes(StandardCharsets.US_ASCII);

  private final MessageDigest sha256;
  private final byte[] number = new byte[8];
  private byte[] digest;

  private RowDigest(String table) {
    try {
      sha256 = MessageDigest.getInstance("SHA-256");
    } catch (GeneralSecurityException e) {
      // SHA-256 is required of every Java SE implementation: a broken runtime.
      throw new IllegalStateException("JCA provider failure", e);
    }
    sha256.update(LABEL);
    sha256.update((byte) 0);
    sha256.update(name(table));
    sha256.update((byte) 0);
  }

  /** A digest of a row of {@code table} (e.g. {@code bootstrap_session}); no NUL in the name. */
  public static RowDigest of(String table) {
    return new RowDigest(table);
  }

  /** Adds a text column; null when the row has no value. */
  public RowDigest text(String column, String value) {
    return octets(column, 1, value == null ? null : value.getBytes(StandardCharsets.UTF_8));
  }

  /** Adds a blob column; null when the row has no value. */
  public RowDigest octets(String column, byte[] value) {
    return octets(column, 2, value);
  }

  /** Adds an int column; null when the row has no value. */
  public RowDigest integer(String column, Integer value) {
    if (start(column, value == null ? 0 : 3)) {
      sha256.update(bigEndian(value, 4), 0, 4);
    }
    return this;
  }

  /** Adds a timestamp column, to the millisecond; null when the row has no value. */
  public RowDigest time(String column, Instant value) {
    if (start(column, value == null ? 0 : 4)) {
      sha256.update(bigEndian(value.toEpochMilli(), 8), 0, 8);
    }
    return this;
  }

  /** The digest; no column may be added after it. */
  byte[] value() {
    if (digest == null) {
      digest = sha256.digest();
    }
    return digest.clone();
  }

  private RowDigest octets(String column, int kind, byte[] value) {
    if (start(column, value == null ? 0 : kind)) {
      sha256.update(bigEndian(value.length, 4), 0, 4);
      sha256.update(value);
    }
    return this;
  }

  /** Writes the column's name and kind; true if a value follows. */
  private boolean start(String column, int kind) {
    if (digest != null) {
      throw new IllegalStateException("the digest is already taken");
    }
    sha256.update(name(column));
    sha256.update((byte) 0);
    sha256.update((byte) kind);
    return kind != 0;
  }

  private byte[] bigEndian(long v, int octets) {
    for (int i = 0; i < octets; i++) {
      number[i] = (byte) (v >>> (8 * (octets - 1 - i)));
    }
    return number;
  }

  private static byte[] name(String name) {
    if (name.isEmpty() || name.indexOf(0) >= 0) {
      throw new IllegalArgumentException("a table or column name is non-empty, without NUL");
    }
    return name.getBytes(StandardCharsets.UTF_8);
  }

  /** Nothing of the row. */
  @Override
  public String toString() {
    return "RowDigest[SHA-256]";
  }
}
