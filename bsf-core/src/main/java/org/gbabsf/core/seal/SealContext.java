package org.gbabsf.core.seal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a sealed value lives and whom it belongs to: its table and column, its row's primary key,
 * the row's fields that decide what the value is used for (the IMPI; the time the row expires or
 * was issued) and a {@link RowDigest} of the row's other columns (RAND, GUSS, ...). All of it is
 * GCM associated data, so a value copied to another row or column does not open, and neither does a
 * row whose IMPI, time, GUSS or any other bound column was rewritten around a value that stayed in
 * place: write access to the store cannot hand one subscriber's key, or one subscriber's key with
 * another's identities, to anyone.
 *
 * @param column {@code <table>.<column>}, e.g. {@code bootstrap_session.ks}
 * @param parts the row key first (the B-TID's UTF-8, or RAND's 16 octets), then the bound fields
 * @param row the {@link RowDigest} of the row's other columns (32 octets), or empty when none is
 *     bound
 */
public record SealContext(String column, List<byte[]> parts, byte[] row) {

  /** A context; copies the parts and the row digest. */
  public SealContext {
    if (column.isEmpty() || column.indexOf(0) >= 0) {
      throw new IllegalArgumentException("column must be non-empty, without NUL");
    }
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("the row key comes first");
    }
    if (row.length != 0 && row.length != RowDigest.LENGTH) {
      throw new IllegalArgumentException("a row digest is 32 octets");
    }
    List<byte[]> copy = new ArrayList<>();
    parts.forEach(p -> copy.add(p.clone()));
    parts = List.copyOf(copy);
    row = row.clone();
  }

  /** A context that binds no row digest. */
  public SealContext(String column, List<byte[]> parts) {
    this(column, parts, new byte[0]);
  }

  /** A copy of the row digest; empty when none is bound. */
  @Override
  public byte[] row() {
    return row.clone();
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

  /**
   * This context also bound to {@code row}, the digest of the row's other columns (finished here);
   * at most one per context.
   */
  public SealContext bind(RowDigest row) {
    if (this.row.length != 0) {
      throw new IllegalStateException("a row digest is already bound");
    }
    return new SealContext(column, parts, row.value());
  }

  private SealContext with(byte[] part) {
    List<byte[]> more = new ArrayList<>(parts);
    more.add(part);
    return new SealContext(column, more, row);
  }

  /**
   * The associated data of format 2: header ‖ "gba-bsf seal v2" ‖ 0x00 ‖ column ‖ 0x00 ‖ number of
   * parts (4 octets) ‖ (length, 4 octets ‖ part)… ‖ length of the row digest (4 octets, 0 or 32) ‖
   * row digest. Unambiguous: the column has no NUL, the parts are counted and every part and the
   * digest carry their length.
   */
  byte[] associatedData(byte[] header) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(160);
    start(out, header, Sealer.LABEL);
    writeLength(out, parts.size());
    writeParts(out);
    writeLength(out, row.length);
    out.writeBytes(row);
    return out.toByteArray();
  }

  /**
   * The associated data of format 1, which bound no row digest, for values written before format 2:
   * header ‖ "gba-bsf seal v1" ‖ 0x00 ‖ column ‖ 0x00 ‖ (length, 4 octets ‖ part)….
   */
  byte[] legacyAssociatedData(byte[] header) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(96);
    start(out, header, Sealer.LEGACY_LABEL);
    writeParts(out);
    return out.toByteArray();
  }

  private void start(ByteArrayOutputStream out, byte[] header, byte[] label) {
    out.writeBytes(header);
    out.writeBytes(label);
    out.write(0);
    out.writeBytes(column.getBytes(StandardCharsets.UTF_8));
    out.write(0);
  }

  private void writeParts(ByteArrayOutputStream out) {
    for (byte[] p : parts) {
      writeLength(out, p.length);
      out.writeBytes(p);
    }
  }

  private static void writeLength(ByteArrayOutputStream out, int length) {
    out.write(length >>> 24);
    out.write(length >>> 16);
    out.write(length >>> 8);
    out.write(length);
  }

  @Override
  public String toString() {
    return "SealContext[" + column + "]"; // the parts hold a B-TID (RAND) and an IMPI
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof SealContext c)
        || !c.column.equals(column)
        || c.parts.size() != parts.size()
        || !Arrays.equals(c.row, row)) {
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
    int h = column.hashCode() * 31 + Arrays.hashCode(row);
    for (byte[] p : parts) {
      h = h * 31 + Arrays.hashCode(p);
    }
    return h;
  }
}
