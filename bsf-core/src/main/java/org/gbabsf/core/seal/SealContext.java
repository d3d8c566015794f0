package org.gbabsf.core.seal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a sealed value lives and whom it belongs to: its table and column, its row's primary key,
 * and the row's other fields that decide what the value is used for (the IMPI; the time the row
 * expires or was issued). All of it is GCM associated data, so a value copied to another row or
 * column does not open, and neither does a row whose IMPI or time was rewritten around a value that
 * stayed in place: write access to the store cannot hand one subscriber's key to another.
 *
 * @param column {@code <table>.<column>}, e.g. {@code bootstrap_session.ks}
 * @param parts the row key first (the B-TID's UTF-8, or RAND's 16 octets), then the bound fields
 */
public record SealContext(String column, List<byte[]> parts) {

  /** A context; copies the parts. */
  public SealContext {
    if (column.isEmpty() || column.indexOf(0) >= 0) {
      throw new IllegalArgumentException("column must be non-empty, without NUL");
    }
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("the row key comes first");
    }
    List<byte[]> copy = new ArrayList<>();
    parts.forEach(p -> copy.add(p.clone()));
    parts = List.copyOf(copy);
  }

  /** The context of a row keyed by text, e.g. a B-TID. */
  public static SealContext of(String column, String rowKey) {
    return of(column, rowKey.getBytes(StandardCharsets.UTF_8));
  }

  /** The context of a row keyed by octets, e.g. RAND. */
  public static SealContext of(String column, byte[] rowKey) {
    return new SealContext(column, List.of(rowKey));
  }

  /** This context also bound to {@code field} (e.g. the IMPI). */
  public SealContext bind(String field) {
    return with(field.getBytes(StandardCharsets.UTF_8));
  }

  /** This context also bound to {@code time}, to the millisecond (as Cassandra stores times). */
  public SealContext bind(Instant time) {
    long ms = time.toEpochMilli();
    byte[] b = new byte[8];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (ms >>> (56 - 8 * i));
    }
    return with(b);
  }

  private SealContext with(byte[] part) {
    List<byte[]> more = new ArrayList<>(parts);
    more.add(part);
    return new SealContext(column, more);
  }

  /**
   * header ‖ "gba-bsf seal v1" ‖ 0x00 ‖ column ‖ 0x00 ‖ (length, 4 octets ‖ part)…: unambiguous,
   * the column has no NUL and every part carries its length.
   */
  byte[] associatedData(byte[] header) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(96);
    out.writeBytes(header);
    out.writeBytes(Sealer.LABEL);
    out.write(0);
    out.writeBytes(column.getBytes(StandardCharsets.UTF_8));
    out.write(0);
    for (byte[] p : parts) {
      out.write(p.length >>> 24);
      out.write(p.length >>> 16);
      out.write(p.length >>> 8);
      out.write(p.length);
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  @Override
  public String toString() {
    return "SealContext[" + column + "]"; // the parts hold a B-TID (RAND) and an IMPI
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof SealContext c)
        || !c.column.equals(column)
        || c.parts.size() != parts.size()) {
      return false;
    }
    for (int i = 0; i < parts.size(); i++) {
      if (!Arrays.equals(c.parts.get(i), parts.get(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = column.hashCode();
    for (byte[] p : parts) {
      h = h * 31 + Arrays.hashCode(p);
    }
    return h;
  }
}
