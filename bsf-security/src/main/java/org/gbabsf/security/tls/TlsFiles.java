package org.gbabsf.security.tls;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The PEM files of one interface's TLS: its own certificate chain and private key (a server's, or a
 * client's for mutual TLS), and the CA certificates it trusts for its peers (empty: the JVM's
 * default trust store).
 *
 * @param certificate certificate chain, leaf first
 * @param privateKey the leaf's private key, unencrypted
 * @param trust CA certificates that peers' chains must lead to
 */
public record TlsFiles(
    Optional<Path> certificate, Optional<Path> privateKey, Optional<Path> trust) {

  /** Checks that the certificate and its key come together. */
  public TlsFiles {
    if (certificate.isPresent() != privateKey.isPresent()) {
      throw new IllegalArgumentException("a certificate and its private key come together");
    }
  }

  /** A server's or client's own identity, with the JVM's trust. */
  public static TlsFiles identity(Path certificate, Path privateKey) {
    return new TlsFiles(Optional.of(certificate), Optional.of(privateKey), Optional.empty());
  }

  /** Every file named. */
  public List<Path> all() {
    List<Path> out = new ArrayList<>();
    certificate.ifPresent(out::add);
    privateKey.ifPresent(out::add);
    trust.ifPresent(out::add);
    return out;
  }
}
