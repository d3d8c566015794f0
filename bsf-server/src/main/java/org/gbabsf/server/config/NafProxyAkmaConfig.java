package org.gbabsf.server.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.security.tls.TlsProfile;

/**
 * The NAF proxy as an AKMA AF beside GBA (TS 33.535 Annex B, TS 24.109 Annex K.2): its Naanf link
 * to the AAnF, which hosts offer AKMA, and what it asserts. Part of {@link NafProxyConfig}, under
 * {@code naf-proxy.akma.*} (docs/naf-proxy.md).
 *
 * <p>Its keys are declared here, in documentation order; {@link #from} makes the section from the
 * validated values, once, at load.
 *
 * @param enabled {@code naf-proxy.akma.enabled}: AKMA beside GBA
 * @param aanfApiRoot {@code naf-proxy.akma.aanf-api-root}: The AAnF
 * @param hosts {@code naf-proxy.akma.hosts}: Hosts that offer AKMA
 * @param prefer {@code naf-proxy.akma.prefer}: AKMA or GBA for a UE announcing both
 * @param uaProtocol {@code naf-proxy.akma.ua-protocol}: The Ua* id of K_AF
 * @param assertSupi {@code naf-proxy.akma.assert-supi}: Whether the SUPI is asserted
 * @param timeout {@code naf-proxy.akma.timeout}: Naanf answer timeout
 * @param tokenFile {@code naf-proxy.akma.token-file}: The proxy's access token
 * @param tlsCertificate {@code naf-proxy.akma.tls.certificate}: Its client certificate
 * @param tlsPrivateKey {@code naf-proxy.akma.tls.private-key}: Its key
 * @param tlsTrust {@code naf-proxy.akma.tls.trust}: CAs of the AAnF's certificate
 */
public record NafProxyAkmaConfig(
    boolean enabled,
    Optional<URI> aanfApiRoot,
    Set<String> hosts,
    String prefer,
    String uaProtocol,
    boolean assertSupi,
    Duration timeout,
    Optional<Path> tokenFile,
    Optional<Path> tlsCertificate,
    Optional<Path> tlsPrivateKey,
    Optional<Path> tlsTrust) {

  // Must stay first: the keys below add themselves to it as they are initialised.
  private static final KeyGroup KEYS = new KeyGroup();

  /** AKMA beside GBA. */
  public static final ConfigKey<Boolean> AKMA_ENABLED =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.akma.enabled",
              ValueTypes.bool(),
              "false",
              "Also act as an AKMA AF (TS 33.535 Annex B, TS 24.109 Annex K.2): on the HTTPS"
                  + " listener (needs naf-proxy.tls.enabled), a UE whose User-Agent carries"
                  + " 3gpp-akma is challenged with the realm 3GPP-bootstrapping-akma@<host> and"
                  + " answers with its A-KID and K_AF, which the proxy gets from the AAnF"
                  + " (naf-proxy.akma.aanf-api-root). GBA stays offered to every other UE"
                  + " (docs/naf-proxy.md, AKMA)."));

  /** The AAnF. */
  public static final ConfigKey<Optional<URI>> AKMA_AANF_API_ROOT =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.akma.aanf-api-root",
              SbiEntryTypes.optionalApiRoot(),
              "",
              "apiRoot of the AAnF (Naanf_AKMA, TS 29.535), e.g. https://aanf.5gc.home1.net:443;"
                  + " required with naf-proxy.akma.enabled. The proxy asks it for K_AF with"
                  + " afId = the host the UE addressed."));

  /** Hosts that offer AKMA. */
  public static final ConfigKey<Set<String>> AKMA_HOSTS =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.akma.hosts",
              EntryTypes.identities("host,host…", "must be route hosts, comma-separated"),
              "",
              "The hosts of naf-proxy.routes that offer AKMA (an application's choice, TS 24.109"
                  + " Annex K.2 NOTE 1), comma-separated; empty: every host. Each must be an afId"
                  + " FQDN the AAnF gives the proxy keys for (aanf.af-fqdns)."));

  /** AKMA or GBA for a UE announcing both. */
  public static final ConfigKey<String> AKMA_PREFER =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.akma.prefer",
              ValueTypes.oneOf("akma", "gba"),
              "akma",
              "What a UE whose User-Agent announces both 3gpp-akma and 3gpp-gba is offered; a UE"
                  + " announcing 3gpp-akma only is offered AKMA, any other UE GBA. Credentials of"
                  + " either keying are taken whatever was offered."));

  /** The Ua* id of K_AF. */
  public static final ConfigKey<String> AKMA_UA_PROTOCOL =
      KEYS.add(
          ConfigKey.of(
                  "naf-proxy.akma.ua-protocol",
                  ValueTypes.string(),
                  "0100011301",
                  "The Ua* security protocol identifier the AAnF appends to the proxy's FQDNs to"
                      + " derive K_AF (its aanf.ua-protocols; TS 33.535 Annex A.4): Digest over"
                      + " TLS is 010001 followed by the agreed cipher suite's code (TS 33.220"
                      + " Annex H.3), and the AAnF is told only the FQDN, so AKMA is offered only"
                      + " on connections that agreed that suite. The default is"
                      + " TLS_AES_128_GCM_SHA256, the mandatory TLS 1.3 suite.")
              .withValidator(
                  Validator.of(
                      "010001 and the code of a TLS suite of the profile",
                      NafProxyAkmaConfig::isTlsProtocolId,
                      "must be 010001 followed by the code of a TLS suite of the profile, e.g."
                          + " 0100011301")));

  /** Whether the SUPI is asserted. */
  public static final ConfigKey<Boolean> AKMA_ASSERT_SUPI =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.akma.assert-supi",
              ValueTypes.bool(),
              "true",
              "Assert the SUPI the AAnF gives with K_AF (X-3GPP-Asserted-Identity, after the"
                  + " GPSI, an MSISDN written tel:+digits). The AAnF gives the SUPI and GPSI only"
                  + " to AFs of aanf.supi-afs; false keeps the SUPI from the application servers"
                  + " (GPSI only). An AKMA user with nothing to assert gets 403."));

  /** Naanf answer timeout. */
  public static final ConfigKey<Duration> AKMA_TIMEOUT =
      KEYS.add(
          ConfigKey.of(
              "naf-proxy.akma.timeout",
              ValueTypes.positiveDuration(),
              "2s",
              "Waiting for the AAnF's answer; beyond it (or with the AAnF unreachable) an AKMA"
                  + " UE gets 503."));

  /** The proxy's access token. */
  public static final ConfigKey<Optional<Path>> AKMA_TOKEN_FILE =
      KEYS.add(
          KeyGroup.path(
              "naf-proxy.akma.token-file",
              "File holding the access token the proxy sends the AAnF (Authorization: Bearer):"
                  + " issued by the NRF to the proxy's NF instance id (in aanf.afs) with scope"
                  + " naanf-akma and its applicationkeyget scopes. Reloaded when it changes:"
                  + " something outside the proxy renews it. Empty: no token (then the proxy"
                  + " needs naf-proxy.akma.tls.certificate)."));

  /** Its client certificate. */
  public static final ConfigKey<Optional<Path>> AKMA_TLS_CERTIFICATE =
      KEYS.add(
          KeyGroup.path(
              "naf-proxy.akma.tls.certificate",
              "Client certificate the proxy presents to an https AAnF (mutual TLS): a dNSName"
                  + " of it is the proxy's AF identity in aanf.afs."));

  /** Its key. */
  public static final ConfigKey<Optional<Path>> AKMA_TLS_PRIVATE_KEY =
      KEYS.add(
          KeyGroup.path(
              "naf-proxy.akma.tls.private-key",
              "Private key of naf-proxy.akma.tls.certificate (PEM)."));

  /** CAs of the AAnF's certificate. */
  public static final ConfigKey<Optional<Path>> AKMA_TLS_TRUST =
      KEYS.add(
          KeyGroup.path(
              "naf-proxy.akma.tls.trust",
              "CA certificates (PEM) the AAnF's certificate must chain to, for an https apiRoot;"
                  + " empty: the JVM's."));

  /**
   * Whether {@code id} is a Ua* security protocol identifier of Digest over TLS with a suite of the
   * profile: {@code 010001} and the suite's code, ten hexadecimal digits.
   */
  static boolean isTlsProtocolId(String id) {
    return TlsProfile.CIPHER_SUITES.stream()
        .anyMatch(
            suite ->
                id.equalsIgnoreCase(
                    String.format(Locale.ROOT, "010001%04x", TlsProfile.ianaCode(suite))));
  }

  /** The section from validated values. */
  static NafProxyAkmaConfig from(ResolvedConfig r) {
    return new NafProxyAkmaConfig(
        r.get(AKMA_ENABLED),
        r.get(AKMA_AANF_API_ROOT),
        r.get(AKMA_HOSTS),
        r.get(AKMA_PREFER),
        r.get(AKMA_UA_PROTOCOL),
        r.get(AKMA_ASSERT_SUPI),
        r.get(AKMA_TIMEOUT),
        r.get(AKMA_TOKEN_FILE),
        r.get(AKMA_TLS_CERTIFICATE),
        r.get(AKMA_TLS_PRIVATE_KEY),
        r.get(AKMA_TLS_TRUST));
  }

  /** Every key of this section, in documentation order. */
  static List<ConfigKey<?>> keys() {
    return KEYS.keys();
  }
}
