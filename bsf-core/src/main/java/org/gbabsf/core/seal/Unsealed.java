package org.gbabsf.core.seal;

/** What {@link Sealer#open} made of a stored value: its plaintext, or why it was refused. */
public sealed interface Unsealed {

  /**
   * The value opened (or was stored in clear, with sealing off).
   *
   * @param value the plaintext
   * @param legacy true if it was sealed in format 1, whose associated data did not cover the row's
   *     other columns ({@link RowDigest}): its GUSS, RAND, ... may have been rewritten unnoticed
   */
  record Opened(byte[] value, boolean legacy) implements Unsealed {

    /** A value sealed in the current format, or stored in clear. */
    public Opened(byte[] value) {
      this(value, false);
    }

    @Override
    public String toString() {
      return "Opened[" + value.length + " octets" + (legacy ? ", format 1" : "") + "]";
    }
  }

  /**
   * The value was refused and must not be served.
   *
   * @param reason why
   * @param keyId the key id the value names, or 0 when it names none
   */
  record Refused(Reason reason, int keyId) implements Unsealed {}

  /** Why a stored value was refused; {@link #tag()} is the metric tag. */
  enum Reason {
    /** Sealing is on and the value is in clear: written before sealing, or planted. */
    NOT_SEALED,
    /** Too short, or an unknown format version. */
    MALFORMED,
    /** The value names a key id the ring does not hold (retired too early, or another ring). */
    UNKNOWN_KEY,
    /**
     * GCM authentication failed: the value was altered, moved from another row or column, or a
     * bound column of its row (IMPI, time, GUSS, RAND, ...) was rewritten.
     */
    TAMPERED,
    /** Sealing is off, and the value is sealed: the BSF cannot open it without its key ring. */
    NO_KEY_RING;

    /** Lower case, for metric tags and logs. */
    public String tag() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
