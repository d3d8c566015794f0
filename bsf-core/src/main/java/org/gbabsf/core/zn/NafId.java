package org.gbabsf.core.zn;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.gbabsf.core.crypto.Hex;

/**
 * NAF_Id = the NAF's FQDN ‖ the 5-octet Ua security protocol identifier (TS 33.220 §B.3, Annex H),
 * as carried in the NAF-Id AVP (TS 29.109 §6.3.1.3) and used as P3 of the Ks_NAF derivation.
 *
 * @param fqdn the NAF's FQDN
 * @param uaSecurityProtocolId the Ua security protocol identifier (5 octets)
 */
public record NafId(String fqdn, byte[] uaSecurityProtocolId) {

  /** Checks the FQDN is present and the identifier has 5 octets; copies it. */
  public NafId {
    if (fqdn == null || fqdn.isEmpty() || uaSecurityProtocolId.length != 5) {
      throw new IllegalArgumentException("NAF_Id needs an FQDN and a 5-octet Ua protocol id");
    }
    uaSecurityProtocolId = uaSecurityProtocolId.clone();
  }

  /** Splits the octets of a NAF-Id AVP; empty if shorter than 6 octets or not UTF-8 text. */
  public static Optional<NafId> parse(byte[] octets) {
    if (octets.length < 6) {
      return Optional.empty();
    }
    String fqdn = new String(octets, 0, octets.length - 5, StandardCharsets.UTF_8);
    if (fqdn.chars().anyMatch(c -> c < 0x21 || c == 0x7f || c == 0xfffd)) {
      return Optional.empty();
    }
    return Optional.of(
        new NafId(fqdn, Arrays.copyOfRange(octets, octets.length - 5, octets.length)));
  }

  /** FQDN ‖ Ua security protocol id: the P3 of TS 33.220 Annex B.3. */
  public byte[] octets() {
    byte[] f = fqdn.getBytes(StandardCharsets.UTF_8);
    byte[] out = Arrays.copyOf(f, f.length + 5);
    System.arraycopy(uaSecurityProtocolId, 0, out, f.length, 5);
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof NafId n
        && n.fqdn.equals(fqdn)
        && Arrays.equals(n.uaSecurityProtocolId, uaSecurityProtocolId);
  }

  @Override
  public int hashCode() {
    return fqdn.hashCode() * 31 + Arrays.hashCode(uaSecurityProtocolId);
  }

  @Override
  public String toString() {
    return fqdn + "/" + Hex.encode(uaSecurityProtocolId);
  }
}
