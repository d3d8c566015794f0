package org.gbabsf.security.tls;

import java.util.List;

/**
 * The TLS profile of 3GPP TS 33.310 Annex E (TLS protocol profiles, by way of TS 33.210 §6.2 for
 * NDS/IP and the SBA), applied on every interface: TLS 1.3 and TLS 1.2 only; TLS 1.2 with the AEAD
 * suites and forward secrecy (ECDHE) only; no compression and no insecure renegotiation (JSSE
 * offers neither). Names are JSSE's.
 */
public final class TlsProfile {

  private TlsProfile() {}

  /** TLS 1.3 (RFC 8446) and TLS 1.2 (RFC 5246); SSL 3.0, TLS 1.0 and 1.1 are not offered. */
  public static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

  /** TLS 1.3 cipher suites, mandatory one first. */
  public static final List<String> TLS13_SUITES =
      List.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256");

  /** TLS 1.2 cipher suites: ECDHE with AES-GCM (RFC 5289) or ChaCha20-Poly1305 (RFC 7905). */
  public static final List<String> TLS12_SUITES =
      List.of(
          "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

  private static final java.util.Map<String, Integer> IANA =
      java.util.Map.of(
          "TLS_AES_128_GCM_SHA256", 0x1301,
          "TLS_AES_256_GCM_SHA384", 0x1302,
          "TLS_CHACHA20_POLY1305_SHA256", 0x1303,
          "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", 0xC02B,
          "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", 0xC02F,
          "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", 0xC02C,
          "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", 0xC030,
          "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", 0xCCA9,
          "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", 0xCCA8);

  /**
   * The two-octet IANA code of a suite of this profile (RFC 8446 B.4, RFC 5289, RFC 7905), as TS
   * 33.220 Annex H puts it in a Ua security protocol identifier.
   *
   * @throws IllegalArgumentException for a suite outside the profile
   */
  public static int ianaCode(String jsseName) {
    Integer code = IANA.get(jsseName);
    if (code == null) {
      throw new IllegalArgumentException("not a suite of the profile: " + jsseName);
    }
    return code;
  }

  /** Every suite offered, TLS 1.3 first. */
  public static final List<String> CIPHER_SUITES =
      java.util.stream.Stream.concat(TLS13_SUITES.stream(), TLS12_SUITES.stream()).toList();
}
