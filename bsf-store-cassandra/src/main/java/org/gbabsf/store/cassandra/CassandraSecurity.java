package org.gbabsf.store.cassandra;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import org.gbabsf.core.seal.Sealer;

/**
 * How the stores protect what they hold and how they reach Cassandra: the {@link Sealer} of key
 * columns, and the client TLS of the driver (RFC 2818 hostname checks of each node's certificate,
 * the protocols and cipher suites of the BSF's TLS profile).
 *
 * @param sealer seals Ks, XRES, CK and IK; {@link Sealer#off()} stores them in clear
 * @param tls the TLS context (its key and trust managers follow reloads); empty: no TLS
 * @param verifyHostnames whether each node's certificate must name the host or IP connected to
 * @param protocols TLS protocols enabled, e.g. TLSv1.3, TLSv1.2
 * @param cipherSuites cipher suites enabled (those the JVM does not support are left out)
 */
public record CassandraSecurity(
    Sealer sealer,
    Optional<SSLContext> tls,
    boolean verifyHostnames,
    List<String> protocols,
    List<String> cipherSuites) {

  /** Checks nulls and copies the lists. */
  public CassandraSecurity {
    Objects.requireNonNull(sealer, "sealer");
    Objects.requireNonNull(tls, "tls");
    protocols = List.copyOf(protocols);
    cipherSuites = List.copyOf(cipherSuites);
  }

  /** Keys sealed by {@code sealer}, no TLS. */
  public static CassandraSecurity sealedBy(Sealer sealer) {
    return new CassandraSecurity(sealer, Optional.empty(), true, List.of(), List.of());
  }

  /** Keys in clear and no TLS: the tools that read no key (e.g. storage-limit) and old tests. */
  public static CassandraSecurity clear() {
    return sealedBy(Sealer.off());
  }
}
