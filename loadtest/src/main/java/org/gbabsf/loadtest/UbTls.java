package org.gbabsf.loadtest;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import org.gbabsf.security.tls.ClientTls;
import org.gbabsf.security.tls.NettyTls;
import org.gbabsf.security.tls.TlsFiles;
import org.gbabsf.security.tls.TlsMaterial;
import picocli.CommandLine.Option;

/**
 * The UE side of Ub over HTTPS, shared by the commands that talk to a BSF: an {@code https://} URL
 * is reached over TLS, its certificate checked against {@code --trust} (else the JVM's CAs) and the
 * URL's host name, as a phone does.
 */
final class UbTls {

  @Option(
      names = "--trust",
      paramLabel = "PEM",
      description =
          "CA certificates (PEM) that an https:// BSF's certificate must lead to; default: the"
              + " JVM's CAs. The certificate must name the URL's host.")
  Path trust;

  private ClientTls context;

  /** The address of {@code url} (port 443 or 80 by default). */
  static InetSocketAddress address(URI url) {
    int port = url.getPort() > 0 ? url.getPort() : https(url) ? 443 : 80;
    return new InetSocketAddress(url.getHost(), port);
  }

  static boolean https(URI url) {
    return "https".equalsIgnoreCase(url.getScheme());
  }

  /** TLS for {@code url} if it is https (one context for every connection). */
  synchronized Optional<ClientTls> forUrl(URI url) {
    if (!https(url)) {
      return Optional.empty();
    }
    if (context == null) {
      TlsMaterial material =
          TlsMaterial.load(
              "ue", new TlsFiles(Optional.empty(), Optional.empty(), Optional.ofNullable(trust)));
      context = new ClientTls(NettyTls.client(material, true), url.getHost());
    }
    return Optional.of(new ClientTls(context.context(), url.getHost()));
  }
}
