package org.gbabsf.cassandra.local;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Client encryption of a local node's CQL port ({@code client_encryption_options} in its {@code
 * cassandra.yaml}): TLS only ({@code optional: false}, a client in clear is never served), TLS 1.3
 * and 1.2, the node's certificate and key from a PKCS#12 key store, and, when client certificates
 * are required, the CAs they must lead to from a PKCS#12 trust store.
 *
 * <p>The node's certificate should name each address clients connect to (an IP SAN for {@code
 * 127.0.0.x}) if they verify host names, as the BSF does by default.
 *
 * @param keystore PKCS#12 key store holding the node's key and certificate chain
 * @param keystorePassword its password (also the key's)
 * @param truststore PKCS#12 trust store of the CAs client certificates must lead to
 * @param truststorePassword its password ({@code ""} with no trust store)
 * @param requireClientAuth whether a client must present a certificate that the trust store trusts
 *     ({@code require_client_auth}: mutual TLS)
 */
public record ClientTls(
    Path keystore,
    String keystorePassword,
    Optional<Path> truststore,
    String truststorePassword,
    boolean requireClientAuth) {

  /** Checks nulls, makes paths absolute, and that client authentication has a trust store. */
  public ClientTls {
    keystore = Objects.requireNonNull(keystore, "keystore").toAbsolutePath();
    Objects.requireNonNull(keystorePassword, "keystorePassword");
    truststore = Objects.requireNonNull(truststore, "truststore").map(Path::toAbsolutePath);
    truststorePassword = truststorePassword == null ? "" : truststorePassword;
    if (requireClientAuth && truststore.isEmpty()) {
      throw new IllegalArgumentException(
          "requireClientAuth needs a trust store of the CAs that client certificates lead to");
    }
  }

  /** TLS with the node's certificate from {@code keystore}; clients need no certificate. */
  public static ClientTls serverOnly(Path keystore, String keystorePassword) {
    return new ClientTls(keystore, keystorePassword, Optional.empty(), "", false);
  }

  /**
   * Mutual TLS: the node's certificate from {@code keystore}, and every client must present a
   * certificate leading to a CA of {@code truststore}.
   */
  public static ClientTls mutual(
      Path keystore, String keystorePassword, Path truststore, String truststorePassword) {
    return new ClientTls(
        keystore, keystorePassword, Optional.of(truststore), truststorePassword, true);
  }

  /** The {@code client_encryption_options} block of {@code cassandra.yaml}. */
  String yaml() {
    StringBuilder b = new StringBuilder();
    b.append("client_encryption_options:\n");
    b.append("  enabled: true\n");
    b.append("  optional: false\n");
    b.append("  keystore: ").append(quoted(keystore.toString())).append('\n');
    b.append("  keystore_password: ").append(quoted(keystorePassword)).append('\n');
    b.append("  store_type: PKCS12\n");
    b.append("  require_client_auth: ").append(requireClientAuth).append('\n');
    if (truststore.isPresent()) {
      b.append("  truststore: ").append(quoted(truststore.get().toString())).append('\n');
      b.append("  truststore_password: ").append(quoted(truststorePassword)).append('\n');
    }
    b.append("  protocol: TLS\n");
    b.append("  accepted_protocols: [TLSv1.3, TLSv1.2]\n");
    return b.toString();
  }

  /** A YAML single-quoted scalar: no escapes but {@code ''} for a quote. */
  static String quoted(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  /** Passwords are left out: this may end up in logs and failure messages. */
  @Override
  public String toString() {
    return "ClientTls[keystore "
        + keystore
        + (truststore.map(t -> ", truststore " + t).orElse(""))
        + (requireClientAuth ? ", client certificates required" : "")
        + "]";
  }
}
