package org.gbabsf.security.tls;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/** The few DER (X.690) operations {@link Pem} needs: write a TLV, read a SEC1 key's curve. */
final class Der {

  private Der() {}

  /** Tag, definite length (short or long form, X.690 §8.1.3), value. */
  static byte[] tlv(int tag, byte[] value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(value.length + 6);
    out.write(tag);
    int n = value.length;
    if (n < 0x80) {
      out.write(n);
    } else {
      int octets = n > 0xFFFFFF ? 4 : n > 0xFFFF ? 3 : n > 0xFF ? 2 : 1;
      out.write(0x80 | octets);
      for (int i = octets - 1; i >= 0; i--) {
        out.write(n >>> (8 * i));
      }
    }
    out.writeBytes(value);
    return out.toByteArray();
  }

  /**
   * The namedCurve OID (as a whole TLV) of a SEC1 ECPrivateKey (RFC 5915 §3): SEQUENCE { INTEGER 1,
   * OCTET STRING, [0] ECParameters, [1] publicKey }.
   *
   * @throws IllegalArgumentException if the key is malformed or names no curve
   */
  static byte[] curveOf(byte[] sec1) {
    Reader r = new Reader(sec1);
    Reader seq = r.enter(0x30);
    seq.skip(0x02);
    seq.skip(0x04);
    while (seq.hasMore()) {
      int tag = seq.peek();
      if (tag == 0xA0) {
        Reader params = seq.enter(0xA0);
        byte[] oid = params.raw(0x06);
        return oid;
      }
      seq.skip(tag);
    }
    throw new IllegalArgumentException(
        "the EC private key names no curve; write it as PKCS#8 (openssl pkcs8 -topk8 -nocrypt)");
  }

  /** A cursor over DER; every read is bounds-checked. */
  private static final class Reader {
    private final byte[] b;
    private int pos;
    private final int end;

    Reader(byte[] b) {
      this(b, 0, b.length);
    }

    private Reader(byte[] b, int pos, int end) {
      this.b = b;
      this.pos = pos;
      this.end = end;
    }

    boolean hasMore() {
      return pos < end;
    }

    int peek() {
      need(1);
      return b[pos] & 0xff;
    }

    /** Reads the header of a TLV with {@code tag}; returns the value's length. */
    private int header(int tag) {
      if (peek() != tag) {
        throw malformed();
      }
      pos++;
      need(1);
      int len = b[pos++] & 0xff;
      if (len >= 0x80) {
        int octets = len & 0x7f;
        if (octets == 0 || octets > 3) {
          throw malformed();
        }
        need(octets);
        len = 0;
        for (int i = 0; i < octets; i++) {
          len = (len << 8) | (b[pos++] & 0xff);
        }
      }
      need(len);
      return len;
    }

    Reader enter(int tag) {
      int len = header(tag);
      Reader inner = new Reader(b, pos, pos + len);
      pos += len;
      return inner;
    }

    void skip(int tag) {
      int len = header(tag); // not "pos += header(tag)": Java reads pos before the call
      pos += len;
    }

    byte[] raw(int tag) {
      int start = pos;
      int len = header(tag);
      pos += len;
      return Arrays.copyOfRange(b, start, pos);
    }

    private void need(int n) {
      if (n < 0 || pos + n > end) {
        throw malformed();
      }
    }

    private static IllegalArgumentException malformed() {
      return new IllegalArgumentException("the EC private key is malformed");
    }
  }
}
