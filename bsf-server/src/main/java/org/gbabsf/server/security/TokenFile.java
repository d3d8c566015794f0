package org.gbabsf.server.security;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import org.gbabsf.security.Reloadable;
import org.gbabsf.security.SecureFiles;

/**
 * The bearer token {@code /metrics} requires ({@code admin.metrics-token-file}), reloaded when the
 * file changes so that it can be rotated with the scraper's. Compared in constant time.
 */
public final class TokenFile implements Reloadable {

  private final Path file;
  private volatile byte[] token;

  private TokenFile(Path file) {
    this.file = file;
    reload();
  }

  /** Reads {@code file}; it must hold a non-empty token. */
  public static TokenFile load(Path file) {
    return new TokenFile(file);
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
    return "metrics-token";
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
