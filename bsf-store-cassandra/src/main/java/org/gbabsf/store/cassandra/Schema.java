package org.gbabsf.store.cassandra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CQL schema shipped in this module ({@code schema.cql}), rendered for a keyspace, replication
 * and TTLs. Pure: the server applies it at start when configured to, and {@code bsf schema} prints
 * it.
 */
public final class Schema {

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z][a-z0-9_]{0,47}");
  private static final Pattern DC_RF = Pattern.compile("([A-Za-z0-9_.-]+)=([1-9][0-9]?)");

  /** Hints keep their TTL from gc_grace; 3 h covers the default max_hint_window. */
  static final Duration SESSION_GC_GRACE_FLOOR = Duration.ofHours(3);

  private final String cql;

  private Schema(String cql) {
    this.cql = cql;
  }

  /**
   * Whether {@link #render} takes {@code keyspace}: a lower-case identifier of at most 48 chars.
   */
  public static boolean acceptsKeyspace(String keyspace) {
    return IDENTIFIER.matcher(keyspace).matches();
  }

  /**
   * Whether {@link #render} takes {@code replication}: {@code SimpleStrategy:N} or {@code
   * NetworkTopologyStrategy:dc=N[,dc=N…]}, N in 1..99 (for the configuration's check at start-up).
   */
  public static boolean acceptsReplication(String replication) {
    try {
      replicationMap(replication);
      return true;
    } catch (IllegalArgumentException refused) {
      return false;
    }
  }

  /**
   * Renders the schema with TMPI mappings of the default lifetime (7 days); throws
   * IllegalArgumentException for a bad keyspace or replication.
   */
  public static Schema render(
      String keyspace, String replication, Duration challengeTtl, Duration sessionTtl) {
    return render(keyspace, replication, challengeTtl, sessionTtl, Duration.ofDays(7));
  }

  /** Renders the schema; throws IllegalArgumentException for a bad keyspace or replication. */
  public static Schema render(
      String keyspace,
      String replication,
      Duration challengeTtl,
      Duration sessionTtl,
      Duration tmpiTtl) {
    if (!IDENTIFIER.matcher(keyspace).matches()) {
      throw new IllegalArgumentException("keyspace must match " + IDENTIFIER.pattern());
    }
    Map<String, String> values = new LinkedHashMap<>();
    values.put("keyspace", keyspace);
    values.put("replication", replicationMap(replication));
    long challengeTtlS = Math.max(1, challengeTtl.toSeconds());
    long sessionTtlS = Math.max(1, sessionTtl.toSeconds());
    values.put("challenge_ttl_seconds", Long.toString(challengeTtlS));
    values.put("challenge_gc_grace_seconds", Long.toString(Math.max(3600, challengeTtlS)));
    values.put("challenge_window_minutes", Long.toString(Math.max(1, challengeTtlS / 60)));
    values.put("session_ttl_seconds", Long.toString(sessionTtlS));
    values.put(
        "session_gc_grace_seconds",
        Long.toString(Math.max(SESSION_GC_GRACE_FLOOR.toSeconds(), sessionTtlS)));
    values.put("session_window_minutes", Long.toString(Math.max(1, sessionTtlS / 60 / 4)));
    // TMPI rows live ub.tmpi.lifetime (days): about 24 windows over it, as TWCS wants a few tens.
    // Their deletes (a TMPI retired by the bootstrap under it) need no longer gc_grace than
    // hints: a tombstone lost on a replica brings back a TMPI no UE presents any more.
    long tmpiTtlS = Math.max(1, tmpiTtl.toSeconds());
    values.put("tmpi_gc_grace_seconds", Long.toString(SESSION_GC_GRACE_FLOOR.toSeconds()));
    values.put("tmpi_window_minutes", Long.toString(Math.max(1, tmpiTtlS / 60 / 24)));
    Matcher m = Pattern.compile("\\$\\{([a-z_]+)}").matcher(template());
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String v = values.get(m.group(1));
      if (v == null) {
        throw new IllegalStateException("schema.cql uses unknown placeholder " + m.group(1));
      }
      m.appendReplacement(out, Matcher.quoteReplacement(v));
    }
    m.appendTail(out);
    return new Schema(out.toString());
  }

  /**
   * {@code SimpleStrategy:N} or {@code NetworkTopologyStrategy:dc1=3,dc2=3} as a CQL replication
   * map.
   */
  static String replicationMap(String spec) {
    int colon = spec.indexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException(
          "replication must be SimpleStrategy:N or NetworkTopologyStrategy:dc=N[,dc=N]");
    }
    String strategy = spec.substring(0, colon).strip();
    String args = spec.substring(colon + 1).strip();
    if (strategy.equalsIgnoreCase("SimpleStrategy")) {
      if (!args.matches("[1-9][0-9]?")) {
        throw new IllegalArgumentException("SimpleStrategy needs a replication factor 1..99");
      }
      return "{'class': 'SimpleStrategy', 'replication_factor': " + args + "}";
    }
    if (strategy.equalsIgnoreCase("NetworkTopologyStrategy")) {
      StringBuilder map = new StringBuilder("{'class': 'NetworkTopologyStrategy'");
      for (String dc : args.split(",")) {
        Matcher m = DC_RF.matcher(dc.strip());
        if (!m.matches()) {
          throw new IllegalArgumentException(
              "NetworkTopologyStrategy needs dc=N entries, got '" + dc.strip() + "'");
        }
        map.append(", '").append(m.group(1)).append("': ").append(m.group(2));
      }
      return map.append('}').toString();
    }
    throw new IllegalArgumentException(
        "unknown replication strategy " + strategy.toLowerCase(Locale.ROOT));
  }

  /** The rendered CQL text, with comments. */
  public String cql() {
    return cql;
  }

  /** The statements, without comments, in order. */
  public List<String> statements() {
    StringBuilder noComments = new StringBuilder();
    for (String line : cql.split("\n")) {
      String l = line.strip();
      if (!l.startsWith("--")) {
        noComments.append(line).append('\n');
      }
    }
    List<String> out = new ArrayList<>();
    for (String s : noComments.toString().split(";")) {
      if (!s.isBlank()) {
        out.add(s.strip());
      }
    }
    return out;
  }

  private static String template() {
    try (InputStream in = Schema.class.getResourceAsStream("schema.cql")) {
      if (in == null) {
        throw new IllegalStateException("schema.cql missing from the classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
