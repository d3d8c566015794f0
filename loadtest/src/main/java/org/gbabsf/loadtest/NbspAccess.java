package org.gbabsf.loadtest;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.gbabsf.sba.http.SbiClientSettings;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.security.tls.NettyTls;
import org.gbabsf.security.tls.TlsFiles;
import org.gbabsf.security.tls.TlsMaterial;
import org.gbabsf.security.tls.TlsProfile;

/**
 * How the load tool's NAFs reach a BSF's Nbsp_GBA (TS 29.309): the BSF's apiRoot ({@code http://}
 * for h2c with prior knowledge, {@code https://} for h2 over TLS), an access token read from a file
 * (sent as {@code Authorization: Bearer}, never printed), and for https the TLS context: the BSF's
 * certificate checked against the CAs given (else the JVM's) and the URL's host, and a client
 * certificate when one is given (mutual TLS: its dNSNames identify the NAF).
 */
final class NbspAccess {

  private NbspAccess() {}

  /** Why {@code url} cannot be a BSF's Nbsp apiRoot, or null if it can. */
  static String problem(String option, URI url) {
    if (url == null) {
      return option + " is required";
    }
    String scheme = url.getScheme();
    if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
      return option + " must be an http:// (h2c) or https:// (h2) URL: " + url;
    }
    if (url.getHost() == null) {
      return option + " names no host: " + url;
    }
    if (url.getRawQuery() != null || url.getRawFragment() != null) {
      return option + " must be an apiRoot, without query or fragment: " + url;
    }
    return null;
  }

  /** The token in {@code file} (surrounding white space removed); empty for no file. */
  static Optional<String> token(Path file) throws IOException {
    if (file == null) {
      return Optional.empty();
    }
    String token = Files.readString(file, StandardCharsets.US_ASCII).strip();
    if (token.isEmpty() || token.chars().anyMatch(c -> c <= 0x20 || c >= 0x7f)) {
      throw new IllegalArgumentException(file + " holds no access token (one line, no spaces)");
    }
    return Optional.of(token);
  }

  /**
   * Client settings named {@code name} for {@code url}: h2c for http, else TLS with ALPN h2
   * trusting {@code trust} (null: the JVM's CAs) and presenting {@code cert}/{@code key} if given.
   */
  static SbiClientSettings settings(String name, URI url, Path cert, Path key, Path trust) {
    SbiClientSettings s = SbiClientSettings.defaults(name);
    if (!"https".equalsIgnoreCase(url.getScheme())) {
      return s;
    }
    TlsMaterial material =
        TlsMaterial.load(
            name,
            new TlsFiles(
                Optional.ofNullable(cert), Optional.ofNullable(key), Optional.ofNullable(trust)));
    return s.withTls(NettyTls.client(material, true, TlsProfile.PROTOCOLS, List.of("h2")));
  }

  /** A refusal as one line: status, cause, detail and invalid parameters. */
  static String refusal(int status, Optional<Problem> problem) {
    StringBuilder b = new StringBuilder().append(status);
    problem.ifPresent(
        p -> {
          p.cause().ifPresent(c -> b.append(' ').append(c));
          p.detail().ifPresent(d -> b.append(": ").append(d));
          p.invalidParams().forEach(i -> b.append(" [").append(i.param()).append(']'));
        });
    return b.toString();
  }
}
