package org.gbabsf.naf;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * What the proxy needs of a UE's request to authenticate it.
 *
 * @param host the NAF FQDN the UE addressed (Host, without port), lower case
 * @param method the request method
 * @param target the request-target as sent (path and query): the digest-uri must equal it
 * @param authorization the Authorization header, if any
 * @param bodyMd5 the MD5 (hex) of the request body, computed only for auth-int
 * @param intendedIdentity X-3GPP-Intended-Identity, unquoted, if any (TS 24.109 §7.2)
 * @param protocol the Ua security protocol of the connection (Digest over HTTP, or over TLS with
 *     its cipher suite): part of NAF_Id, hence of the key
 * @param userAgent the User-Agent header, if any: its product tokens {@code 3gpp-gba} and {@code
 *     3gpp-akma} say which keyings the UE supports
 */
public record UaRequest(
    String host,
    String method,
    String target,
    Optional<String> authorization,
    Supplier<String> bodyMd5,
    Optional<String> intendedIdentity,
    UaProtocol protocol,
    Optional<String> userAgent) {

  /** A request without User-Agent. */
  public UaRequest(
      String host,
      String method,
      String target,
      Optional<String> authorization,
      Supplier<String> bodyMd5,
      Optional<String> intendedIdentity,
      UaProtocol protocol) {
    this(
        host, method, target, authorization, bodyMd5, intendedIdentity, protocol, Optional.empty());
  }
}
