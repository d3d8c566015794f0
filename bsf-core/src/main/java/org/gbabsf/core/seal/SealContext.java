package org.gbabsf.core.seal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Where a sealed value lives: its table and column, and its row's primary key. It is bound into the
 * value as GCM associated data, so a value copied to another row or column does not open.
 *
 * @param column {@code <table>.<column>}, e.g. {@code bootstrap_session.ks}
 * @param rowKey the row's primary key as stored (the B-TID's UTF-8, or RAND's 16 octets)
 */
public record SealContext(String column, byte[] rowKey) {

  /** A context; copies the row key. */
  public SealContext {
    if (column.isEmpty() || column.indexOf(0) >= 0) {
      throw new IllegalArgumentException("column must be non-empty, without NUL");
    }
    rowKey = rowKey.clone();
  }

  /** The context of a row keyed by text, e.g. a B-TID. */
  public static SealContext of(String column, String rowKey) {
    return new SealContext(column, rowKey.getBytes(StandardCharsets.UTF_8));
  }

  /** The context of a row keyed by octets, e.g. RAND. */
  public static SealContext of(String column, byte[] rowKey) {
    return new SealContext(column, rowKey);
  }

  /** "gba-bsf seal v1" ‖ 0x00 ‖ column ‖ 0x00 ‖ row key: unambiguous, the column has no NUL. */
  byte[] associatedData(byte[] header) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(64 + rowKey.length);
    out.writeBytes(header);
    out.writeBytes(Sealer.LABEL);
    out.write(0);
    out.writeBytes(column.getBytes(StandardCharsets.UTF_8));
    out.write(0);
    out.writeBytes(rowKey);
    return out.toByteArray();
  }

  @Override
  public String toString() {
    return "SealContext[" + column + "]"; // the row key may be a B-TID, which embeds RAND
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SealContext c
        && c.column.equals(column)
        && java.util.Arrays.equals(c.rowKey, rowKey);
  }

  @Override
  public int hashCode() {
    return column.hashCode() * 31 + java.util.Arrays.hashCode(rowKey);
  }
}
