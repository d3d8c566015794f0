package org.gbabsf.naf;

import java.util.Arrays;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.security.tls.TlsProfile;

/**
 * The Ua security protocol identifier of TS 33.220 Annex H.3, the last five octets of NAF_Id: the
 * key a UE and the NAF derive depends on how they talk.
 *
 * @param octets the five octets
 */
public record UaProtocol(byte[] octets) {

  /** {@code 01 00 00 00 02}: HTTP Digest authentication according to TS 24.109, over HTTP. */
  public static final UaProtocol HTTP_DIGEST = new UaProtocol(Hex.decode("0100000002"));

  /** Checks the length and copies. */
  public UaProtocol {
    if (octets.length != 5) {
      throw new IllegalArgumentException("a Ua security protocol identifier is five octets");
    }
    octets = octets.clone();
  }

  /**
   * {@code 01 00 01 yy zz}: shared key-based UE authentication with certificate-based NAF
   * authentication (TS 33.222 §5.3), yy zz the TLS cipher suite the UE and NAF agreed.
   */
  public static UaProtocol overTls(String cipherSuite) {
    int code = TlsProfile.ianaCode(cipherSuite);
    return new UaProtocol(new byte[] {1, 0, 1, (byte) (code >>> 8), (byte) code});
  }

  @Override
  public byte[] octets() {
    return octets.clone();
  }

  /** Lower-case hex. */
  public String hex() {
    return Hex.encode(octets);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof UaProtocol p && Arrays.equals(p.octets, octets);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(octets);
  }

  @Override
  public String toString() {
    return "UaProtocol[" + hex() + "]";
  }
}
