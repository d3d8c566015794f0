package org.gbabsf.server.security;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import org.gbabsf.security.Reloadable;
import org.gbabsf.security.SecureFiles;

/**
 * The bearer token {@code /metrics} requires ({@code admin.metrics-token-file}), reloaded when the
 * file changes so that it can be rotated with the scraper's. Compared in constant time. Also a
 * token a client sends ({@code naf-proxy.akma.token-file}: the NAF proxy's to the AAnF), renewed in
 * its file by something else.
 */
public final class TokenFile implements Reloadable {

  private final String name;
  private final Path file;
  private volatile byte[] token;

  private TokenFile(String name, Path file) {
    this.name = name;
    this.file = file;
    reload();
  }

  /** Reads {@code file}; it must hold a non-empty token. */
  public static TokenFile load(Path file) {
    return new TokenFile("metrics-token", file);
  }

  /** Reads {@code file}, named {@code name} in reload logs; it must hold a non-empty token. */
  public static TokenFile load(String name, Path file) {
    return new TokenFile(name, file);
  }

  /** The token now (key material: never log it). */
  public String value() {
    return new String(token, StandardCharsets.UTF_8);
  }

  /** True if {@code authorization} is {@code Bearer <the token>}. */
  public boolean admits(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    byte[] offered = authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8);
    return MessageDigest.isEqual(offered, token);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<Path> files() {
    return List.of(file);
  }

  @Override
  public String reload() {
    token = SecureFiles.readSecret(file).getBytes(StandardCharsets.UTF_8);
    return "token of " + file + " (" + token.length + " characters)";
  }
}
