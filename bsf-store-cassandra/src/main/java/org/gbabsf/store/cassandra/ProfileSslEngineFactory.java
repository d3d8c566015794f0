package org.gbabsf.store.cassandra;

import com.datastax.oss.driver.api.core.metadata.EndPoint;
import com.datastax.oss.driver.api.core.ssl.SslEngineFactory;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The driver's TLS engines, with the BSF's profile: the protocols and cipher suites of {@link
 * CassandraSecurity}, and RFC 2818 endpoint identification against the host string connected to (a
 * contact point's name, or a discovered node's IP; never a reverse DNS lookup).
 */
final class ProfileSslEngineFactory implements SslEngineFactory {

  private final SSLContext context;
  private final CassandraSecurity security;

  ProfileSslEngineFactory(SSLContext context, CassandraSecurity security) {
    this.context = context;
    this.security = security;
  }

  @Override
  public SSLEngine newSslEngine(EndPoint endPoint) {
    SocketAddress remote = endPoint.resolve();
    SSLEngine engine;
    if (remote instanceof InetSocketAddress a) {
      engine = context.createSSLEngine(a.getHostString(), a.getPort());
    } else {
      engine = context.createSSLEngine();
    }
    engine.setUseClientMode(true);
    SSLParameters p = engine.getSSLParameters();
    if (!security.protocols().isEmpty()) {
      p.setProtocols(security.protocols().toArray(String[]::new));
    }
    if (!security.cipherSuites().isEmpty()) {
      Set<String> supported = new HashSet<>(Arrays.asList(engine.getSupportedCipherSuites()));
      p.setCipherSuites(
          security.cipherSuites().stream().filter(supported::contains).toArray(String[]::new));
    }
    if (security.verifyHostnames()) {
      p.setEndpointIdentificationAlgorithm("HTTPS");
    }
    engine.setSSLParameters(p);
    return engine;
  }

  @Override
  public void close() {}
}
