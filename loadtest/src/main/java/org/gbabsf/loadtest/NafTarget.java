package org.gbabsf.loadtest;

import io.netty.channel.EventLoopGroup;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.security.tls.ClientTls;
import org.gbabsf.security.tls.NettyTls;
import org.gbabsf.security.tls.TlsFiles;
import org.gbabsf.security.tls.TlsMaterial;

/**
 * Where a UE sends its Ua requests: the NAF authentication proxy at the address of a URL, the NAF
 * FQDN the UE addresses (Host header, the Digest realm {@code 3GPP-bootstrapping@FQDN} and the
 * NAF_Id of the key), and, for {@code https://}, TLS with the proxy's certificate checked against
 * that FQDN as a phone would.
 *
 * @param address the proxy's address
 * @param host the NAF FQDN
 * @param hostHeader the Host header: the FQDN, with the URL's port if it names one
 * @param uri the request target: the URL's path and query
 * @param tls TLS for an https:// URL
 */
record NafTarget(
    InetSocketAddress address,
    String host,
    String hostHeader,
    String uri,
    Optional<ClientTls> tls) {

  /** Why {@code url} cannot be a Ua target, or null if it can. */
  static String problem(URI url) {
    if (url == null) {
      return null;
    }
    String scheme = url.getScheme();
    if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
      return "--naf-url must be an http:// or https:// URL: " + url;
    }
    if (url.getHost() == null) {
      return "--naf-url names no host: " + url;
    }
    return null;
  }

  /**
   * The target of {@code url}; {@code host} the NAF FQDN (null: the URL's host), {@code trust} the
   * CA certificates of an https:// proxy (null: the JVM's).
   */
  static NafTarget of(URI url, String host, Path trust) {
    String fqdn = host != null ? host : url.getHost();
    String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
    String uri = url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
    Optional<ClientTls> tls = Optional.empty();
    if (UbTls.https(url)) {
      TlsMaterial material =
          TlsMaterial.load(
              "ua", new TlsFiles(Optional.empty(), Optional.empty(), Optional.ofNullable(trust)));
      tls = Optional.of(new ClientTls(NettyTls.client(material, true), fqdn));
    }
    return new NafTarget(
        UbTls.address(url), fqdn, url.getPort() > 0 ? fqdn + ":" + url.getPort() : fqdn, uri, tls);
  }

  /** A new keep-alive connection to the proxy (opened on first use). */
  UbClient client(EventLoopGroup loops) {
    return new UbClient(loops, address, tls);
  }
}
