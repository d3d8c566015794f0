package org.gbabsf.diameter;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One Diameter AVP (RFC 6733 §4.1): code, vendor (0 for IETF AVPs, which then carry no V bit), M
 * bit and data. A grouped AVP's data is its children's encoding, so every AVP, grouped or not, has
 * exactly the bytes it has on the wire. Immutable. {@link #toString()} never prints data: AVPs
 * carry keys (CK, IK, XRES, Ks_NAF).
 */
public final class Avp {

  private final int code;
  private final long vendorId;
  private final boolean mandatory;
  private final byte[] data;

  private Avp(int code, long vendorId, boolean mandatory, byte[] data) {
    if (vendorId < 0 || vendorId > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("vendor id must be an unsigned 32-bit value");
    }
    if (data.length > 0xFF_FFFF - 12) {
      throw new IllegalArgumentException("AVP data too long");
    }
    this.code = code;
    this.vendorId = vendorId;
    this.mandatory = mandatory;
    this.data = data;
  }

  /** An AVP with raw data (OctetString, or anything already encoded). */
  public static Avp octets(int code, long vendorId, boolean mandatory, byte[] value) {
    return new Avp(code, vendorId, mandatory, value.clone());
  }

  /** A UTF8String AVP. */
  public static Avp utf8(int code, long vendorId, boolean mandatory, String value) {
    return new Avp(code, vendorId, mandatory, value.getBytes(StandardCharsets.UTF_8));
  }

  /** A DiameterIdentity AVP (ASCII, RFC 6733 §4.3.1). */
  public static Avp identity(int code, long vendorId, boolean mandatory, String value) {
    return new Avp(code, vendorId, mandatory, value.getBytes(StandardCharsets.US_ASCII));
  }

  /** An Unsigned32 or Enumerated AVP. */
  public static Avp u32(int code, long vendorId, boolean mandatory, long value) {
    if (value < 0 || value > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException("not an unsigned 32-bit value");
    }
    return new Avp(code, vendorId, mandatory, ByteBuffer.allocate(4).putInt((int) value).array());
  }

  /** A Grouped AVP of {@code children}, in order. */
  public static Avp grouped(int code, long vendorId, boolean mandatory, List<Avp> children) {
    return new Avp(code, vendorId, mandatory, DiameterWire.encodeAvps(children));
  }

  /** A Grouped AVP of {@code children}, in order. */
  public static Avp grouped(int code, long vendorId, boolean mandatory, Avp... children) {
    return grouped(code, vendorId, mandatory, List.of(children));
  }

  static Avp decoded(int code, long vendorId, boolean mandatory, byte[] data) {
    return new Avp(code, vendorId, mandatory, data);
  }

  /** The AVP code. */
  public int code() {
    return code;
  }

  /** The vendor id, 0 if none (no V bit). */
  public long vendorId() {
    return vendorId;
  }

  /** The M bit. */
  public boolean mandatory() {
    return mandatory;
  }

  /** A copy of the data. */
  public byte[] octets() {
    return data.clone();
  }

  /** Length of the data, without header or padding. */
  public int dataLength() {
    return data.length;
  }

  /** The data as UTF-8 text. */
  public String utf8() {
    return new String(data, StandardCharsets.UTF_8);
  }

  /** The data as an Unsigned32, if it is 4 octets. */
  public Optional<Long> u32() {
    if (data.length != 4) {
      return Optional.empty();
    }
    return Optional.of(ByteBuffer.wrap(data).getInt() & 0xFFFF_FFFFL);
  }

  /** The data parsed as grouped AVPs, if it parses. */
  public Optional<List<Avp>> children() {
    return DiameterWire.decodeAvps(data);
  }

  /** True if this AVP has {@code code} and {@code vendorId}. */
  public boolean is(int code, long vendorId) {
    return this.code == code && this.vendorId == vendorId;
  }

  /** The first of {@code avps} with {@code code}/{@code vendorId}. */
  public static Optional<Avp> first(List<Avp> avps, int code, long vendorId) {
    for (Avp a : avps) {
      if (a.is(code, vendorId)) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }

  /** Every one of {@code avps} with {@code code}/{@code vendorId}. */
  public static List<Avp> all(List<Avp> avps, int code, long vendorId) {
    List<Avp> out = new ArrayList<>();
    for (Avp a : avps) {
      if (a.is(code, vendorId)) {
        out.add(a);
      }
    }
    return out;
  }

  byte[] rawData() {
    return data;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Avp a
        && a.code == code
        && a.vendorId == vendorId
        && a.mandatory == mandatory
        && Arrays.equals(a.data, data);
  }

  @Override
  public int hashCode() {
    return Integer.hashCode(code) * 31 + Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "Avp["
        + code
        + (vendorId != 0 ? "/" + vendorId : "")
        + (mandatory ? " M" : "")
        + ", "
        + data.length
        + " octets]";
  }
}
