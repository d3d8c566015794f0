package org.gbabsf.core.seal;

import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The data keys that seal stored keys: each a 256-bit AES key with a numeric id, one of them
 * active. New values are sealed under the active key; every key of the ring still opens the values
 * sealed under it, so that a key can be rotated without downtime and retired once the longest TTL
 * of the rows it sealed has passed (docs/security.md).
 *
 * <p>The text form, one entry per line, as a Kubernetes Secret holds it:
 *
 * <pre>
 * # comments and blank lines are ignored
 * 1=&lt;base64 of 32 random octets&gt;
 * 2=&lt;base64 of 32 random octets&gt;
 * active=2
 * </pre>
 *
 * <p>Ids are 1..2147483647. Without an {@code active} line the highest id is active; naming it lets
 * a new key be distributed to every instance before any instance seals with it. Immutable; {@link
 * #toString()} shows the ids only.
 */
public final class KeyRing {

  /** AES-256 (FIPS 197): 32-octet data keys. */
  public static final int KEY_LENGTH = 32;

  private final Map<Integer, byte[]> keys;
  private final int active;

  private KeyRing(Map<Integer, byte[]> keys, int active) {
    this.keys = keys;
    this.active = active;
  }

  /**
   * A ring of the given keys (id to 32 octets) with {@code active} active.
   *
   * @throws IllegalArgumentException if it is empty, a key is not 32 octets, an id is not positive
   *     or {@code active} is not one of the ids
   */
  public static KeyRing of(Map<Integer, byte[]> keys, int active) {
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("the key ring holds no key");
    }
    TreeMap<Integer, byte[]> copy = new TreeMap<>();
    for (Map.Entry<Integer, byte[]> k : keys.entrySet()) {
      if (k.getKey() < 1) {
        throw new IllegalArgumentException("key id " + k.getKey() + " is not 1..2147483647");
      }
      if (k.getValue().length != KEY_LENGTH) {
        throw new IllegalArgumentException(
            "key "
                + k.getKey()
                + " is "
                + k.getValue().length
                + " octets; a data key is 32 random octets (AES-256)");
      }
      copy.put(k.getKey(), k.getValue().clone());
    }
    if (!copy.containsKey(active)) {
      throw new IllegalArgumentException("active key " + active + " is not in the ring");
    }
    return new KeyRing(Collections.unmodifiableMap(copy), active);
  }

  /**
   * Reads the text form. Problems name the line, never its key material.
   *
   * @throws IllegalArgumentException with the first problem found
   */
  public static KeyRing parse(String text) {
    TreeMap<Integer, byte[]> keys = new TreeMap<>();
    Integer active = null;
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(
            "line " + (i + 1) + ": expected <id>=<base64 key> or active=<id>");
      }
      String name = line.substring(0, eq).strip();
      String value = line.substring(eq + 1).strip();
      if (name.equals("active")) {
        if (active != null) {
          throw new IllegalArgumentException("line " + (i + 1) + ": active is set twice");
        }
        active = id(value, i);
        continue;
      }
      int id = id(name, i);
      byte[] key;
      try {
        key = Base64.getDecoder().decode(value);
      } catch (IllegalArgumentException notBase64) {
        throw new IllegalArgumentException("line " + (i + 1) + ": key " + id + " is not base64");
      }
      if (keys.put(id, key) != null) {
        throw new IllegalArgumentException("line " + (i + 1) + ": key " + id + " is set twice");
      }
    }
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("the key ring holds no key");
    }
    try {
      return of(keys, active == null ? keys.lastKey() : active);
    } finally {
      keys.values().forEach(k -> Arrays.fill(k, (byte) 0)); // the ring keeps copies
    }
  }

  private static int id(String text, int line) {
    if (!text.matches("[0-9]{1,10}")) {
      throw new IllegalArgumentException(
          "line " + (line + 1) + ": a key id is a number 1..2147483647");
    }
    long id = Long.parseLong(text);
    if (id < 1 || id > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "line " + (line + 1) + ": a key id is a number 1..2147483647");
    }
    return (int) id;
  }

  /** A new line for the text form: {@code <id>=<base64 of 32 octets from random>}. */
  public static String newEntry(int id, java.security.SecureRandom random) {
    byte[] key = new byte[KEY_LENGTH];
    random.nextBytes(key);
    String line = id + "=" + Base64.getEncoder().encodeToString(key);
    Arrays.fill(key, (byte) 0);
    return line;
  }

  /** The id new values are sealed under. */
  public int activeId() {
    return active;
  }

  /** Every id, ascending. */
  public SortedSet<Integer> ids() {
    return Collections.unmodifiableSortedSet(new TreeSet<>(keys.keySet()));
  }

  /** The key of {@code id}; the array is the ring's own: never modify it. */
  Optional<byte[]> key(int id) {
    return Optional.ofNullable(keys.get(id));
  }

  /** Ids and the active one; never key material. */
  @Override
  public String toString() {
    return "KeyRing[ids=" + keys.keySet() + ", active=" + active + "]";
  }
}
