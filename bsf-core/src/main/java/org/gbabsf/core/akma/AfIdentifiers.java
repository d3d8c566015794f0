package org.gbabsf.core.akma;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.gbabsf.core.crypto.AkmaKdf;
import org.gbabsf.core.crypto.Hex;

/**
 * How the {@code afId} of a Naanf_AKMA request becomes the AF_ID of K_AF (TS 33.535 Annex A.4):
 * AF_ID = the AF's FQDN ‖ the Ua* security protocol identifier (five octets, TS 33.220 Annex H).
 * The JSON {@code afId} of TS 29.522 is a plain string and carries no protocol identifier, so this
 * AAnF reads it as the AF's FQDN, byte for byte as the AF sent it (the UE derives K_AF over the
 * FQDN it reached the AF at), and takes the identifier from configuration: the one given for that
 * FQDN (compared without case), else the default, {@code 01 00 00 00 02} (HTTP Digest of TS 24.109
 * without TLS). TS 33.535 Annex B runs its Digest over TLS, whose identifier is {@code 01 00 01 yy
 * zz} with the negotiated cipher suite yy zz (TS 33.220 Annex H, TS 33.222 §5.3): such an AF, the
 * NAF proxy among them, is listed with that identifier.
 */
public final class AfIdentifiers {

  /** HTTP Digest authentication of TS 24.109, without TLS (TS 33.220 Annex H). */
  public static final String HTTP_DIGEST = "0100000002";

  private final byte[] defaultProtocol;
  private final Map<String, byte[]> byFqdn;

  /**
   * A mapping.
   *
   * @param defaultProtocol the identifier of every AF not listed, ten hexadecimal digits
   * @param byFqdn AF FQDN → its identifier, ten hexadecimal digits
   * @throws IllegalArgumentException if an identifier is not five octets in hexadecimal
   */
  public AfIdentifiers(String defaultProtocol, Map<String, String> byFqdn) {
    this.defaultProtocol = protocolId(defaultProtocol);
    Map<String, byte[]> m = new HashMap<>();
    byFqdn.forEach((fqdn, id) -> m.put(fqdn.toLowerCase(Locale.ROOT), protocolId(id)));
    this.byFqdn = Map.copyOf(m);
  }

  /** Every AF on HTTP Digest (TS 24.109). */
  public static AfIdentifiers httpDigest() {
    return new AfIdentifiers(HTTP_DIGEST, Map.of());
  }

  /** Whether {@code id} is a Ua* security protocol identifier: ten hexadecimal digits. */
  public static boolean isProtocolId(String id) {
    return id != null && id.matches("[0-9A-Fa-f]{10}");
  }

  /** The AF_ID of the AF known by {@code fqdn}. */
  public byte[] afId(String fqdn) {
    return AkmaKdf.afId(fqdn, byFqdn.getOrDefault(fqdn.toLowerCase(Locale.ROOT), defaultProtocol));
  }

  private static byte[] protocolId(String id) {
    if (!isProtocolId(id)) {
      throw new IllegalArgumentException(
          "a Ua* security protocol identifier is ten hexadecimal digits");
    }
    return Hex.decode(id);
  }
}
